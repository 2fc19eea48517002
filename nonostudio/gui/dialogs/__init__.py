"""Dialogs more than one screen opens: form dialogs, pasting a puzzle string, importing an image,
saving rules, the guide and shortcut pages."""
