"""A Stellar Inferno scenario's screens in the app: the Fleets screen, its actions and help."""
