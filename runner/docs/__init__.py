"""The docs generator: published results snapshot -> docs/ (Markdown, SVG) for MkDocs."""
