"""The table device: camera, buttons, the referee loop, durable games and the CLI."""
