"""What an upstream's answer means: its HTTP status, bot checks and block pages, header values.

Pure (no I/O): engines, the engines' network, the runner and the page reader read answers the same way.
"""
