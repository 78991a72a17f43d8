"""What engine modules share: the engine contract's data (``params``) and helpers."""
