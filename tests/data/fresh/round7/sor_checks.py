# references are numpy's own; nothing else is needed
