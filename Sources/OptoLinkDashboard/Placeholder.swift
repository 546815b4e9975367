// Placeholder so the package builds while OptoLinkDashboard is written; replaced by the real sources.
