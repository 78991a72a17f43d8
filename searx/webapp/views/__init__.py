"""Views, one Blueprint per topic; each view is thin, the work lives in the core."""
