"""Mail to players: what each mail says, how it is sent, and how to stop it."""
