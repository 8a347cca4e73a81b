"""The vocabulary every layer speaks: the strict base, the IR, filters, conditions, declarations, cost terms and output records."""
