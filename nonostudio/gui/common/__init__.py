"""What every screen shares and none owns: background workers, table models, the theme, drawing a
puzzle, file filters, the crash reporter."""
