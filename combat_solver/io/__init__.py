"""Reading input (bounded YAML, scenario files) and rendering verdicts."""
