// Placeholder so the package builds while OptoLinkTesting is written; replaced by the real sources.
