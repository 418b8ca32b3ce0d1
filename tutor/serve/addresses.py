"""Addresses for `old-maid-tutor serve`: the one to give pupils, and why one cannot be used."""

from __future__ import annotations

import errno
import ipaddress
import socket

from tutor.language import tr

WILDCARDS = {"", "0.0.0.0", "::", "[::]"}


def address_to_open(host: str, port: int, public_url: str | None) -> str:
    """The address the teacher gives pupils: --public-url, else this computer on the network."""
    if public_url:
        return public_url + "/"
    name = network_address() if host.strip() in WILDCARDS else host.strip().strip("[]")
    try:
        if ipaddress.ip_address(name).version == 6:
            name = f"[{name}]"
    except ValueError:
        pass
    return f"http://{name}/" if port == 80 else f"http://{name}:{port}/"


def network_address() -> str:
    """This computer's address on its network (no packet is sent), else its name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the route
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def address_problem(error: OSError, host: str, port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return tr("port {port} is already in use on {host}; choose another with --port").format(port=port, host=host)
    if error.errno == errno.EACCES:
        return tr("this user may not listen on port {port}; choose one above 1023 with --port").format(port=port)
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return tr("{host} is not an address of this computer; try --host 0.0.0.0 or --host 127.0.0.1").format(host=host)
    return tr("cannot listen on {host} port {port}: {problem}").format(host=host, port=port, problem=error.strerror or error)
