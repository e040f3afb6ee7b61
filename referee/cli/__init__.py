"""Click commands only: parse, call the layer below, print."""
