"""The Jobs tab: learning runs, their reports, and saving the rules they learned."""
