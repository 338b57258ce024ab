"""Where students' machines reach the class server: this machine's addresses on its networks.

A server listening on every network (``0.0.0.0``) is reached at the machine's own
addresses, never at ``127.0.0.1``, which on a student's laptop is the laptop itself.
Both ``pitchlab app`` (the address it prints) and ``pitchlab class create`` (the
students' and teacher's links) print these. Nothing here starts a server.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import ssl
import struct

SIOCGIFADDR = 0x8915
"""Linux's ioctl reading an interface's IPv4 address."""


def is_loopback(ip: str) -> bool:
    """Whether ``ip`` is reachable from this machine only (``127.0.0.1``, ``::1``)."""
    return ipaddress.ip_address(ip).is_loopback


def is_any(ip: str) -> bool:
    """Whether ``ip`` stands for every network of the machine (``0.0.0.0`` or ``::``)."""
    return ipaddress.ip_address(ip).is_unspecified


def url_host(ip: str) -> str:
    """``ip`` as it stands in an address: IPv6 inside brackets."""
    return f"[{ip}]" if ":" in ip else ip


def local_host(ip: str) -> str:
    """How a program on this machine reaches a server listening on ``ip``, as it stands in an
    address: over the loopback when the server listens there or on every network."""
    return "127.0.0.1" if is_any(ip) or is_loopback(ip) else url_host(ip)


def machine_addresses(ipv6: bool = False) -> list[str]:
    """This machine's addresses that another machine on its networks can reach: neither
    loopback nor link-local, IPv4 first (``ipv6``: the global IPv6 ones after them).

    On Linux each network interface is asked; elsewhere (or when that finds nothing) the
    address the machine would send from is read off an unconnected UDP socket, which sends
    nothing."""
    found = [*_interface_ipv4(), _outbound(socket.AF_INET, "192.0.2.1")]
    if ipv6:
        found += _interface_ipv6()
    kept: list[str] = []
    for ip in found:
        if ip is None or ip in kept:
            continue
        parsed = ipaddress.ip_address(ip)
        if not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified):
            kept.append(ip)
    return kept


def _interface_ipv4() -> list[str]:
    try:
        import fcntl
    except ImportError:  # not on a Unix
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):  # an interface with no IPv4 address
                packed = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _interface_ipv6() -> list[str]:
    """Linux lists each interface's IPv6 addresses in ``/proc/net/if_inet6``."""
    try:
        with open("/proc/net/if_inet6", encoding="ascii") as table:
            rows = [line.split()[0] for line in table if line.strip()]
    except OSError:
        return []
    return [str(ipaddress.IPv6Address(bytes.fromhex(row))) for row in rows if len(row) == 32]


def _outbound(family: socket.AddressFamily, towards: str) -> str | None:
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
        probe.connect((towards, 9))  # UDP: no packet leaves, the routing table only is read
        ip: str = probe.getsockname()[0]
        return ip
    return None


def own_server_tls() -> ssl.SSLContext:
    """TLS towards pitchlab's own server on this machine (the watchdog's probes, a preheated
    kernel asking for its page): the certificate is the teacher's, made for the classroom's
    address (often self-signed), not the loopback dialled, so it is not checked. The server
    is believed by what it answers (the watchdog's server id), and nothing leaves the machine."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
