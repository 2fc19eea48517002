"""The main window: its commands and menus, the File, Help and library commands, the panels built
after the first paint, autosave and crash restore, the warning banner."""
