// The PSP online probe (test/psp/online.test.ts): drives the host's net
// functions as the game's online screens do (one poll of netReceive a
// frame, until null) and logs each line; its picture is a bar as long as
// the lines it got. Steps: create; start when two people are in the lobby;
// after the deal, wait for a drop and its way back; then a sleep (asked of
// the probe build's host with "probe: sleep": PPSSPP cannot suspend the
// PSP) and its way back; leave; join a code nobody holds; quit once that is
// refused. (The desktop's steps, test/native/desktop-net.test.ts, and the sleep.)
var c = new Int32Array(2048 * 8), step = 0, lines = 0;
host.log('caps=' + JSON.stringify(host.caps));
globalThis.ratscrew = { commands: c, frame: function (now) {
  var line, item;
  if (step === 0) {
    host.log('open ' + host.netOpen(JSON.stringify({ op: 'create', name: 'Psp',
      setup: { options: { ruleSet: 'classic', players: 3 }, cpus: 1, difficulty: 'easy' } })));
    step = 1;
  }
  while ((line = host.netReceive()) !== null) {
    lines++;
    host.log('net ' + line);
    item = JSON.parse(line);
    if (step === 1 && item[0] === 'm' && item[1] === 1 && item[2][4].filter(function (k) { return k === 1; }).length === 2) {
      host.log('start ' + host.netSend('[1,[]]'));
      step = 2;
    } else if (step === 2 && item[0] === 'm' && item[1] === 2) {
      host.log('dealt');
      step = 3;
    } else if (step === 3 && item[0] === 'away') {
      host.log('send while away ' + host.netSend('[3,[0,100]]'));
      step = 4;
    } else if (step === 4 && item[0] === 'back') {
      host.log('probe: sleep');
      step = 5;
    } else if (step === 5 && item[0] === 'away') {
      host.log('woke away');
      step = 6;
    } else if (step === 6 && item[0] === 'back') {
      host.log('woke back');
      host.netClose();
      host.log('left');
      host.log('open ' + host.netOpen(JSON.stringify({ op: 'join', code: 'NOSUCH2', name: 'Psp' })));
      step = 7;
    } else if (step === 7 && item[0] === 'closed') {
      host.log('done');
      step = 8;
    }
  }
  c[0] = step === 8 ? 6 : 1; c[1] = 0xff102030 | 0;
  c[8] = 3; c[9] = 0; c[10] = 0; c[11] = Math.min(lines, 480); c[12] = 8; c[15] = 0xffffffff | 0;
  return 2;
} };
