"""STAR FRONTIERS Knight Hawks: the tactical rules (Basic and Advanced games)."""
