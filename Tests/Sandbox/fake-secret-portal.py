"""A stand-in for xdg-desktop-portal's Secret portal whose requests end as MODE says, for the answers the real one
with gnome-keyring does not give headless: `cancel` (Response 1), `hang` (no Response at all), `refuse`
(Response 2). Usage: python3 fake-secret-portal.py MODE (on the session bus of DBUS_SESSION_BUS_ADDRESS); prints
"ready" once it owns org.freedesktop.portal.Desktop, then serves until killed. Standard library and jeepney only."""
import sys

from jeepney import DBusAddress, HeaderFields, MessageType, new_error, new_method_return, new_signal
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection

MODE = sys.argv[1]
RESPONSES = {"cancel": 1, "refuse": 2}
PORTAL = "/org/freedesktop/portal/desktop"

connection = open_dbus_connection("SESSION", enable_fds=True)
if connection.send_and_get_reply(message_bus.RequestName("org.freedesktop.portal.Desktop")).body[0] != 1:
    sys.exit("the portal's name is taken")
print("ready", flush=True)
while True:
    message = connection.receive()
    if message.header.message_type != MessageType.method_call:
        continue
    fields = message.header.fields
    interface, member = fields.get(HeaderFields.interface), fields.get(HeaderFields.member)
    if (interface, member) == ("org.freedesktop.DBus.Properties", "Get") and message.body[0] == "org.freedesktop.portal.Secret":
        connection.send(new_method_return(message, "v", (("u", 1),)))
    elif (interface, member) == ("org.freedesktop.portal.Secret", "RetrieveSecret"):
        descriptor, options = message.body
        token = options.get("handle_token", ("s", "t"))[1]
        sender = fields[HeaderFields.sender][1:].replace(".", "_")
        request = f"{PORTAL}/request/{sender}/{token}"
        connection.send(new_method_return(message, "o", (request,)))
        descriptor.close()
        if MODE in RESPONSES:
            emitter = DBusAddress(request, interface="org.freedesktop.portal.Request")
            connection.send(new_signal(emitter, "Response", "ua{sv}", (RESPONSES[MODE], {})))
    elif (interface, member) == ("org.freedesktop.portal.Request", "Close"):
        connection.send(new_method_return(message, "", ()))
    else:
        connection.send(new_error(message, "org.freedesktop.DBus.Error.UnknownMethod", "s", (f"{interface}.{member}",)))
