"""The web: the contest server (``thousand ladder serve``) and the browser seat (``thousand play
--web``), on FastAPI, uvicorn and Jinja2; server-rendered pages with a little vanilla JS."""
