"""The rules vocabulary: one module per rule family. Each ability kind is a pydantic model that
knows how to rule out block pairs locally and how to state its restrictions and requirements as
``ir`` conditions, which are both evaluated on declarations and encoded into CP-SAT."""
