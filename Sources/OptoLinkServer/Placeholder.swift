// Placeholder so the package builds while OptoLinkServer is written; replaced by the real sources.
