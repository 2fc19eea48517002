"""Running a learning run: the parallel, resumable runner, its workers, what it skips and the work
function it hands out.
"""
