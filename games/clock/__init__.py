"""The game clock's arithmetic: pauses, deadlines and time used as functions of times and
seat facts, read by pages, sweeps and the services that write a clock."""
