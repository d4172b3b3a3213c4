//! The guide-deck campaign.
