// The hosting PSP's probe (test/psp/nearby.test.ts): drives the host
// contract's nearby functions as a hosting script would (one poll of
// nearbyReceive a frame, until null) and logs each line. Steps: host the
// room; answer a PSP's hello with "joined"; answer its message with one of
// its own and ping it; after its link drops and comes back, send it a frame
// of a kind no host sends (the probe build's "probe: nearby bad frame"),
// which ends its link; when it joins again (the same peer number: the same
// PSP), close the room; quit.
var c = new Int32Array(2048 * 8), step = 0, lines = 0, quitAt = -1, CODE = 'NRBY234', first = 0;
host.log('caps=' + JSON.stringify(host.caps));
globalThis.ratscrew = { commands: c, frame: function (now) {
  var line, item, p;
  if (step === 0) {
    host.log('open ' + host.nearbyOpen(CODE));
    host.log('open again ' + host.nearbyOpen(CODE));
    step = 1;
  }
  while ((line = host.nearbyReceive()) !== null) {
    lines++;
    host.log('nearby ' + line);
    item = JSON.parse(line);
    p = item[1];
    if (step === 1 && item[0] === 'hello') {
      first = p;
      host.log('no such peer ' + host.nearbySend(p === 7 ? 6 : p + 1, '["joined","' + CODE + '"]'));
      host.log('not a line ' + host.nearbySend(p, '{"joined":1}'));
      host.log('joined ' + host.nearbySend(p, '["joined","' + CODE + '"]'));
      step = 2;
    } else if (step === 2 && item[0] === 'm') {
      host.log('m ' + host.nearbySend(p, '["m",2,{"deal":[1,2,3],"names":["Psp","Kim"]}]'));
      host.log('ping ' + host.nearbyPing(p));
      step = 3;
    } else if (step === 3 && item[0] === 'pong') {
      step = 4;
    } else if (step === 4 && item[0] === 'gone') {
      host.log('ping while gone ' + host.nearbyPing(p));
      step = 5;
    } else if (step === 5 && item[0] === 'back') {
      host.log('probe: nearby bad frame');
      step = 6;
    } else if (step === 6 && item[0] === 'gone') {
      step = 7;
    } else if (step === 7 && item[0] === 'hello') {
      host.log('same peer ' + (p === first));
      host.log('joined ' + host.nearbySend(p, '["joined","' + CODE + '"]'));
      step = 8;
    }
  }
  // The second joined has gone out (a frame for the link to carry it): close, then quit a second later.
  if (step === 8) {
    step = 9;
  } else if (step === 9) {
    host.nearbyClose();
    host.log('closed the room; receive after ' + host.nearbyReceive());
    quitAt = now + 1500;
    step = 10;
  }
  c[0] = quitAt >= 0 && now >= quitAt ? 6 : 1; c[1] = 0xff203010 | 0;
  c[8] = 3; c[9] = 0; c[10] = 0; c[11] = Math.min(lines * 20, 480); c[12] = 8; c[15] = 0xffffffff | 0;
  return 2;
} };
