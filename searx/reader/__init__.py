"""The page reader: fetch one public URL safely and turn its body into readable text."""
