// Placeholder so the package builds while OptoLink is written; replaced by the real sources.
