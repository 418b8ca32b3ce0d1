"""`old-maid-tutor serve`: the tutor in a browser tab for every pupil of a class.

`command` registers the subcommand (light: argparse only); `server` (textual-serve and aiohttp,
loaded only when a class is served) runs one app process per tab, all sharing one learner store;
`classcode` is the class code asked for when the server is reachable from other computers.
An app process knows it was started here through `tutor.classroom.is_served()`.
"""
