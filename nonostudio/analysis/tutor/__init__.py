"""The tutor's core: drills from real lines, answer checking, spaced repetition, mastery,
recommendation and personal time prediction (docs/design/tutor.md)."""
