"""Outgoing HTTP: the engines' pooled async client, the address guard, error mapping."""
