// The joining PSP's probe (test/psp/nearby.test.ts): the online client's net
// functions with "via":"nearby" (one poll of netReceive a frame, until
// null), each line logged. Steps: join; send a message; once the host's
// message came, wait two seconds (the host pings meanwhile: this PSP's C
// answers, its script hears nothing) and cut the link under the C (the
// probe build's "probe: nearby cut"): away, then back by itself; the host's
// bad frame ends the room for it; join again; the host closes the room; quit.
var c = new Int32Array(2048 * 8), step = 0, lines = 0, at = -1, quitAt = -1;
var JOIN = JSON.stringify({ op: 'join', code: 'NRBY234', name: 'Kim', via: 'nearby' });
host.log('caps=' + JSON.stringify(host.caps));
globalThis.ratscrew = { commands: c, frame: function (now) {
  var line, item;
  if (step === 0) {
    host.log('open ' + host.netOpen(JOIN));
    host.log('open again ' + host.netOpen(JOIN));
    step = 1;
  }
  while ((line = host.netReceive()) !== null) {
    lines++;
    host.log('net ' + line);
    item = JSON.parse(line);
    if (step === 1 && item[0] === 'joined') {
      host.log('not a message ' + host.netSend('{"x":1}'));
      host.log('send ' + host.netSend('[3,[0,100]]'));
      step = 2;
    } else if (step === 2 && item[0] === 'm') {
      at = now + 2000;
      step = 3;
    } else if (step === 4 && item[0] === 'away') {
      host.log('send while away ' + host.netSend('[3,[0,200]]'));
      step = 5;
    } else if (step === 5 && item[0] === 'back') {
      step = 6;
    } else if (step === 6 && item[0] === 'closed') {
      at = now + 1000;
      step = 7;
    } else if (step === 8 && item[0] === 'joined') {
      step = 9;
    } else if (step === 9 && item[0] === 'closed') {
      host.log('done');
      quitAt = now + 1000;
      step = 10;
    }
  }
  if (step === 3 && now >= at) {
    host.log('probe: nearby cut');
    step = 4;
  } else if (step === 7 && now >= at) {
    host.log('open after closed ' + host.netOpen(JOIN));
    step = 8;
  }
  c[0] = quitAt >= 0 && now >= quitAt ? 6 : 1; c[1] = 0xff102030 | 0;
  c[8] = 3; c[9] = 0; c[10] = 0; c[11] = Math.min(lines * 20, 480); c[12] = 8; c[15] = 0xffffffff | 0;
  return 2;
} };
