#!/usr/bin/python3
# One upload with tuspy, the tus project's own Python client (Debian's python3-tuspy), for the bench's
# `tus` scenario (test/bench/tus-clients.mjs). One JSON argument:
#   endpoint   the upload address (POST /api/media's uploadUrl); the client's creation URL too
#   token      the consultant's access token (Bearer)
#   file       the file to send
#   chunk      bytes per PATCH
#   resume     true: go on from the offset HEAD reports at `endpoint`; false: tus creation first
#   stopAt     optional: stop at this offset (a client interrupted; a second run resumes)
#   retries, retryDelay   tuspy's own retries (seconds between them)
# Prints {"offset": ..., "url": ...} when it stops.
import json
import sys

from tusclient import client

args = json.loads(sys.argv[1])
tus = client.TusClient(args['endpoint'], headers={'Authorization': 'Bearer ' + args['token']})
options = {
    'file_path': args['file'],
    'chunk_size': args['chunk'],
    'retries': args.get('retries', 0),
    'retry_delay': args.get('retryDelay', 1),
}
if args['resume']:
    options['url'] = args['endpoint']
uploader = tus.uploader(**options)
uploader.upload(stop_at=args.get('stopAt'))
print(json.dumps({'offset': uploader.offset, 'url': uploader.url}))
