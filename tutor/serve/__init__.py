"""`old-maid-tutor serve`: the tutor in a browser tab for every pupil of a class.

`command` registers the subcommand (light: argparse only); `server` (textual-serve and aiohttp,
loaded only when a class is served) runs one app process per tab, all sharing one learner store;
`classcode` is the class code asked for when the server is reachable from other computers.
An app process knows it was started here through `tutor.classroom.is_served()`. Most app
processes are forked from the warm process (`warm`, asked by `warm_start`), the rest started afresh.
"""

TAB_MODULE = "tutor.serve.tab"
"""A pupil's app started afresh: `python -m tutor.serve.tab ARGS`."""
WARM_MODULE = "tutor.serve.warm"
"""The warm process, which forks pupils' apps: `python -m tutor.serve.warm ARGS` (the same ARGS)."""
