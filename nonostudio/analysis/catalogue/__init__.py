"""The catalogue of solving techniques, each technique's complete move on a line, and which
technique a rule is an instance of.
"""
