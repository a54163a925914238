#!/usr/bin/env python3
"""An SMTP server with TLS and AUTH for herald's transport tests (tests/mail_transport.rs).

Postfix's smtpd can do STARTTLS with a test certificate, but SASL authentication needs
Dovecot or Cyrus, and implicit TLS needs a second master.cf service; aiosmtpd (Debian
package python3-aiosmtpd) does all three in a few lines.

    smtp_tls_server.py --mode starttls|tls --cert CERT --key KEY --user U --password P --out DIR

Listens on 127.0.0.1 on a port the kernel chooses (the socket is bound before the server
starts, so there is no race for the port), prints "PORT <n>" on stdout, and serves until
its standard input reaches end-of-file, so it cannot outlive the test process that holds
the other end of that pipe, however that process ends.

AUTH (PLAIN, LOGIN) is required before MAIL and accepts only the given user and password.
In starttls mode STARTTLS is required before AUTH and MAIL; in tls mode the connection is
TLS from the first byte. Each accepted message is written to DIR/<n>.eml (the bytes as
received) with DIR/<n>.json beside it: mail_from, rcpt_tos, login, tls.
"""

import argparse
import asyncio
import json
import os
import socket
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


class Recorder:
    def __init__(self, out):
        self.out = out
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        ssl_object = server.transport.get_extra_info("ssl_object") if server.transport else None
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "login": session.auth_data.login.decode() if session.authenticated else None,
            "tls": session.ssl is not None or ssl_object is not None,
        }
        base = os.path.join(self.out, str(self.count))
        # The .json last: its presence says the message is complete.
        with open(base + ".eml", "wb") as f:
            f.write(envelope.original_content)
        with open(base + ".json.tmp", "w") as f:
            json.dump(meta, f)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 2.0.0 OK"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--mode", choices=["starttls", "tls"], required=True)
    p.add_argument("--cert", required=True)
    p.add_argument("--key", required=True)
    p.add_argument("--user", required=True)
    p.add_argument("--password", required=True)
    p.add_argument("--out", required=True)
    args = p.parse_args()

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(args.cert, args.key)

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login == args.user.encode()
            and auth_data.password == args.password.encode()
        )
        if ok:
            return AuthResult(success=True, auth_data=auth_data)
        # handled=False: aiosmtpd answers "535 5.7.8" itself (the default, handled=True,
        # would leave the client waiting for a reply).
        return AuthResult(success=False, handled=False)

    handler = Recorder(args.out)
    starttls = args.mode == "starttls"

    def factory():
        return SMTP(
            handler,
            hostname="tls-test.herald",
            tls_context=context if starttls else None,
            require_starttls=starttls,
            authenticator=authenticator,
            auth_required=True,
            # With implicit TLS the connection is already encrypted, but aiosmtpd only
            # knows about STARTTLS; it must not refuse AUTH for lack of it.
            auth_require_tls=starttls,
            loop=loop,
        )

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    server = loop.run_until_complete(
        loop.create_server(factory, sock=sock, ssl=None if starttls else context)
    )
    print("PORT", sock.getsockname()[1], flush=True)

    def stdin_readable():
        if not os.read(sys.stdin.fileno(), 4096):
            loop.stop()

    loop.add_reader(sys.stdin.fileno(), stdin_readable)
    loop.run_forever()
    server.close()


if __name__ == "__main__":
    main()
