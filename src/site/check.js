/* herald: "Check this game", in the reader's browser.
 *
 * Checks the game's archive as README.md specifies it (sections "Commitments", "The move
 * log", "The archive", "What a verifier owes an archive", "Fair randomness" and "Ciphered
 * move lists"), with the browser's own WebCrypto (SHA-256, HMAC-SHA256): every opened
 * commitment, the chain from the genesis to the head, and, in Secret Intelligence Chess, the
 * setup drawn from the opened seeds and every ciphered entry. It does not replay the rules
 * (whether each move was legal): `herald verify` does.
 *
 * Plain JavaScript, no library, no request: the archive is the copy the page embeds (the
 * script element of type application/json, id archive-data: the same JSON as game-N.json
 * beside the page). Everything from the archive goes into the page as text, never as markup.
 */
(function () {
  'use strict';

  var root = document.getElementById('check');
  var data = document.getElementById('archive-data');
  if (!root || !data) return;

  var encoder = new TextEncoder();

  function hex(buffer) {
    var bytes = new Uint8Array(buffer);
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }

  function sha256(text) {
    return crypto.subtle.digest('SHA-256', encoder.encode(text)).then(hex);
  }

  function hmacKey(keyText) {
    return crypto.subtle.importKey('raw', encoder.encode(keyText), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  async function hmac(key, message) {
    return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  }

  /* A record: each line ends with one newline, and nothing else is added. */
  function record(lines) {
    return lines.map(function (l) { return l + '\n'; }).join('');
  }

  /* An argument of the check command, quoted as README says: anything but letters, digits
     and ._-:+=,/@ in single quotes, a quote in it as '\'' . */
  function shellWord(word) {
    if (word !== '' && /^[A-Za-z0-9._\-:+=,/@]+$/.test(word)) return word;
    return "'" + word.replace(/'/g, "'\\''") + "'";
  }

  function commitmentLines(game, label, value, nonce) {
    return ['herald-commitment-v1', 'game:' + game, 'label:' + label, 'value:' + value, 'nonce:' + nonce];
  }

  function checkCommand(lines) {
    return "printf '%s\\n' " + lines.map(shellWord).join(' ') + ' | sha256sum';
  }

  /* --- the page ------------------------------------------------------------------------ */

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var name in attrs) {
        if (Object.prototype.hasOwnProperty.call(attrs, name)) node.setAttribute(name, attrs[name]);
      }
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) continue;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  function code(text) { return el('code', null, text); }

  /* What the check found: each line passed or failed, failures by kind. */
  function Report() {
    this.lines = [];
    this.failures = 0;
  }
  Report.prototype.pass = function (kind, text) { this.lines.push({ ok: true, kind: kind, text: text }); };
  Report.prototype.fail = function (kind, text) {
    this.failures++;
    this.lines.push({ ok: false, kind: kind, text: text });
  };
  Report.prototype.expect = function (ok, kind, good, bad) {
    if (ok) this.pass(kind, good); else this.fail(kind, bad);
    return ok;
  };

  /* --- README's tables ----------------------------------------------------------------- */

  var FORMATS = { 'herald-archive-v1': 1, 'herald-archive-v2': 2, 'herald-archive-v3': 3 };

  /* The genesis's commitment labels, by variant (README, "The move log"). */
  function setupLabels(variant) {
    var host = String(variant).replace(/\+ninja$/, '');
    if (['crown', 'crown-2', 'crown-3', 'crown-4'].indexOf(host) >= 0) return ['black.crown', 'white.crown'];
    if (variant === 'secret-intelligence') return ['black.seed', 'referee.seed', 'white.seed'];
    return [];
  }

  var SI_START = 'secret-intelligence: armies and setup drawn from referee.seed, white.seed and black.seed ' +
    'by the procedure of docs/rules/secret-intelligence.md';

  function oneLine(text) { return typeof text === 'string' && !/[\u0000-\u001f\u007f]/.test(text); }
  function isHash(text) { return typeof text === 'string' && /^[0-9a-f]{64}$/.test(text); }
  function isCount(n) { return typeof n === 'number' && Number.isInteger(n) && n >= 0; }
  function byteOrder(a, b) { return a < b ? -1 : a > b ? 1 : 0; } /* labels are ASCII */

  function committedAt(c) { return c.committed_at_ply === undefined ? 0 : c.committed_at_ply; }

  function chainLines(archive, ply) {
    return archive.commitments
      .filter(function (c) { return committedAt(c) === ply; })
      .map(function (c) { return c.label; })
      .sort(byteOrder)
      .map(function (label) {
        var c = archive.commitments.filter(function (x) { return x.label === label; })[0];
        return 'commitment:' + c.label + ':' + c.hash;
      });
  }

  function moveName(m) {
    return m.number + (m.color === 'white' ? '. ' : '... ') + m.notation;
  }

  /* --- Secret Intelligence: the setup (docs/rules/secret-intelligence.md) --------------- */

  var PAIRS = [['Q', 'C'], ['M', 'H'], ['A', 'D'], ['Y', 'S']];
  var PAIR_NAMES = ['Queen + Centaur', 'Marshall + Dragon Horse', 'Archbishop + Dragon King', 'Decoy + Spy'];

  /* The stream: HMAC-SHA256(key = the referee seed's hex, message = "<white>:<black>:<n>"),
     each block eight 32-bit big-endian numbers; below(k) by rejection (README). */
  function Stream(key, white, black) {
    this.key = key;
    this.seeds = white + ':' + black;
    this.words = [];
    this.block = 0;
  }
  Stream.prototype.next = async function () {
    if (this.words.length === 0) {
      var mac = await hmac(this.key, this.seeds + ':' + this.block);
      this.block++;
      var view = new DataView(mac.buffer);
      for (var i = 0; i < 32; i += 4) this.words.push(view.getUint32(i, false));
    }
    return this.words.shift();
  };
  Stream.prototype.below = async function (k) {
    var bound = 4294967296 - (4294967296 % k);
    for (;;) {
      var x = await this.next();
      if (x < bound) return x % k;
    }
  };

  function home(color) {
    var squares = [];
    for (var rel = 0; rel < 3; rel++) {
      var rank = color === 'w' ? rel : 7 - rel;
      for (var f = 0; f < 8; f++) squares.push([f, rank, rel]);
    }
    return squares;
  }

  function placementOrder(pair) {
    var order = [['K', function (f, r, rel) { return rel <= 1; }]];
    for (var i = 0; i < 8; i++) order.push(['P', function (f, r, rel) { return rel >= 1; }]);
    return order.concat([
      ['B', function (f, r) { return (f + r) % 2 === 0; }], /* dark: a1 is dark */
      ['B', function (f, r) { return (f + r) % 2 === 1; }],
      ['R', function (f) { return f < 4; }],
      ['N', function (f) { return f < 4; }],
      ['R', function (f) { return f >= 4; }],
      ['N', function (f) { return f >= 4; }],
      [pair[0], function () { return true; }],
      [pair[1], function () { return true; }]
    ]);
  }

  async function place(board, color, pair, rng) {
    for (;;) {
      var trial = new Map(board);
      var whole = true;
      var order = placementOrder(pair);
      for (var i = 0; i < order.length; i++) {
        var letter = order[i][0];
        var allowed = order[i][1];
        var candidates = home(color).filter(function (s) {
          return !trial.has(s[0] + ',' + s[1]) && allowed(s[0], s[1], s[2]);
        });
        if (candidates.length === 0) { whole = false; break; }
        var pick = candidates[await rng.below(candidates.length)];
        trial.set(pick[0] + ',' + pick[1], color === 'w' ? letter : letter.toLowerCase());
      }
      if (whole) return trial;
    }
  }

  var ORTH = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  var DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  var KNIGHT = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
  function steps(list, far) { return list.map(function (v) { return [v, far]; }); }
  var POWERS = {
    N: steps(KNIGHT, false), B: steps(DIAG, true), R: steps(ORTH, true),
    Q: steps(ORTH.concat(DIAG), true), K: steps(ORTH.concat(DIAG), false),
    C: steps(ORTH.concat(DIAG, KNIGHT), false), M: steps(ORTH, true).concat(steps(KNIGHT, false)),
    H: steps(DIAG, true).concat(steps(ORTH, false)), A: steps(DIAG, true).concat(steps(KNIGHT, false)),
    D: steps(ORTH, true).concat(steps(DIAG, false)), Y: steps(ORTH.concat(DIAG, KNIGHT), false),
    S: steps(KNIGHT, false).concat(steps(ORTH.concat(DIAG), true))
  };

  function reaches(board, letter, white, src, dst) {
    if (letter === 'P') {
      var forward = white ? 1 : -1;
      return dst[1] - src[1] === forward && Math.abs(dst[0] - src[0]) === 1;
    }
    var powers = POWERS[letter];
    for (var i = 0; i < powers.length; i++) {
      var step = powers[i][0];
      var far = powers[i][1];
      var f = src[0];
      var r = src[1];
      for (;;) {
        f += step[0];
        r += step[1];
        if (f < 0 || f > 7 || r < 0 || r > 7) break;
        if (f === dst[0] && r === dst[1]) return true;
        if (board.has(f + ',' + r) || !far) break;
      }
    }
    return false;
  }

  function square(key) { return key.split(',').map(Number); }

  function kingAttacked(board, whiteKing) {
    var king = null;
    board.forEach(function (p, key) { if (p === (whiteKing ? 'K' : 'k')) king = square(key); });
    var attacked = false;
    board.forEach(function (p, key) {
      if (attacked || (p === p.toUpperCase()) === whiteKing) return;
      var letter = p.toUpperCase();
      var from = square(key);
      if (reaches(board, letter, p === p.toUpperCase(), from, king)) {
        /* A Spy may not capture a King that could capture it back. */
        if (letter === 'S' && reaches(board, 'K', whiteKing, king, from)) return;
        attacked = true;
      }
    });
    return attacked;
  }

  function fen(board) {
    var rows = [];
    for (var r = 7; r >= 0; r--) {
      var row = '';
      var empty = 0;
      for (var f = 0; f < 8; f++) {
        var p = board.get(f + ',' + r);
        if (p) {
          row += (empty ? String(empty) : '') + p;
          empty = 0;
        } else {
          empty++;
        }
      }
      rows.push(row + (empty ? String(empty) : ''));
    }
    return rows.join('/');
  }

  async function drawSetup(refereeSeed, whiteSeed, blackSeed) {
    var rng = new Stream(await hmacKey(refereeSeed), whiteSeed, blackSeed);
    var wp = await rng.below(4);
    var bp = await rng.below(4);
    for (;;) {
      var board = await place(new Map(), 'w', PAIRS[wp], rng);
      board = await place(board, 'b', PAIRS[bp], rng);
      if (!kingAttacked(board, true) && !kingAttacked(board, false)) return { white: wp, black: bp, board: board };
    }
  }

  function algebraic(key) {
    var s = square(key);
    return 'abcdefgh'[s[0]] + (s[1] + 1);
  }

  /* From and to squares of a move in herald's full notation (Nb1-c3, Pd5xe6, Nb1<>Bc3). */
  function moveSquares(notation) {
    if (notation.indexOf('<>') >= 0) {
      var halves = notation.split('<>');
      return [halves[0].slice(1, 3), halves[1].slice(1, 3), '<>'];
    }
    var sep = notation.indexOf('x') >= 0 ? 'x' : '-';
    var parts = notation.split(sep);
    return [parts[0].slice(1, 3), (parts[1] || '').slice(0, 2), sep];
  }

  /* --- the check ----------------------------------------------------------------------- */

  async function check(a, report, out) {
    var version = FORMATS[a.format];
    report.expect(Boolean(version), 'format', 'The format is ' + a.format + '.',
      'The format ' + JSON.stringify(a.format) + ' is none README knows (herald-archive-v1, -v2, -v3).');
    version = version || 1;
    var moves = Array.isArray(a.moves) ? a.moves : [];
    var commitments = Array.isArray(a.commitments) ? a.commitments : [];
    a.moves = moves;
    a.commitments = commitments;

    /* 1. Structure. */
    var fields = [a.variant, a.white, a.black, a.start];
    moves.forEach(function (m) {
      fields.push(m.notation, m.color);
      if (m.sealed !== undefined) fields.push(m.sealed);
    });
    if (a.result) fields.push(a.result.score, a.result.reason);
    if (a.addresses) fields.push(a.addresses.white.address, a.addresses.black.address);
    report.expect(fields.every(oneLine), 'structure', 'Every recorded field is one line of text.',
      'A recorded field is not one line of text (it holds a newline or another control character).');
    if (version >= 3) {
      report.expect(isHash(a.white) && isHash(a.black), 'structure',
        'The players are named by commitments to their addresses (64 hex digits each).',
        'White or Black is not named by a commitment (64 lower-case hex digits), as herald-archive-v3 requires.');
    } else {
      report.expect(a.addresses === undefined, 'structure', 'No addresses to open (an older format).',
        'Only herald-archive-v3 has addresses.');
    }
    var labels = commitments.map(function (c) { return c.label; });
    var sorted = labels.every(function (l, i) { return i === 0 || byteOrder(labels[i - 1], l) < 0; });
    report.expect(sorted, 'structure', 'The commitments are sorted by label, each once.',
      'The commitments are not sorted by label, or a label is there twice.');
    /* What is wrong with a commitment's fields, if anything. */
    var shapeProblem = function (c) {
      if (typeof c.label !== 'string' || !/^[a-z0-9._-]+$/.test(c.label)) return 'its label is not lower-case letters, digits, ".", "_" or "-"';
      if (!isHash(c.hash)) return 'its hash is not 64 lower-case hex digits';
      if (c.value !== null && !(typeof c.value === 'string' && /^[ -~]*$/.test(c.value))) return 'its value is not printable ASCII';
      if (c.nonce !== null && !(typeof c.nonce === 'string' && /^[0-9a-f]{32}$/.test(c.nonce))) return 'its nonce is not 32 lower-case hex digits';
      if (!isCount(committedAt(c)) || committedAt(c) > moves.length) {
        return 'it says it was made after ' + committedAt(c) + ' moves, and the archive holds ' + moves.length;
      }
      var sealed = c.value === null && c.nonce === null;
      var opened = c.revealed_at_ply;
      if (sealed) return opened === null || opened === undefined ? null : 'it is sealed but says when it was opened';
      if (opened === null || opened === undefined) return version === 1 ? null : 'it is open but does not say when it was opened';
      if (!isCount(opened) || opened > moves.length) {
        return 'it says it was opened after ' + opened + ' moves, and the archive holds ' + moves.length;
      }
      if (opened < committedAt(c)) return 'it says it was opened before it was made';
      return null;
    };
    var shapes = true;
    commitments.forEach(function (c) {
      var problem = shapeProblem(c);
      if (problem) {
        shapes = false;
        report.fail('structure', 'The commitment ' + c.label + ' is not as README says: ' + problem + '.');
      }
    });
    if (shapes) {
      report.pass('structure', 'Every commitment\'s label, hash, value and nonce are in their alphabets, and none was ' +
        'made or opened after more moves than the archive holds.');
    }

    /* 2. Every opened commitment opens. */
    var body = el('ul', { class: 'check-commitments' });
    var opened = {};
    var commitmentsOk = true;
    for (var i = 0; i < commitments.length; i++) {
      var c = commitments[i];
      if (c.value === null && c.nonce === null) {
        body.appendChild(el('li', { 'data-label': c.label }, code(c.label), ' is sealed: ', el('code', { class: 'hash' }, c.hash)));
        continue;
      }
      if (c.value === null || c.nonce === null) {
        commitmentsOk = false;
        report.fail('commitment', 'The commitment ' + c.label + ' is half open: its value and its nonce must be given together.');
        continue;
      }
      var lines = commitmentLines(a.game, c.label, c.value, c.nonce);
      var got = await sha256(record(lines));
      var opens = got === c.hash;
      commitmentsOk = commitmentsOk && opens;
      if (opens) opened[c.label] = c.value;
      report.expect(opens, 'commitment', 'The commitment ' + c.label + ' opens: ' + c.label + ' = ' + c.value + '.',
        'The commitment ' + c.label + ' does not open: its value ' + JSON.stringify(c.value) +
        ' and nonce hash to ' + got + ', not to the committed ' + c.hash + '.');
      body.appendChild(el('li', { 'data-label': c.label, class: opens ? 'ok' : 'failed' },
        code(c.label), ' = ', el('strong', null, c.value), ' ',
        el('span', { class: 'mark' }, opens ? 'opens: ' : 'does NOT open: '), 'its five lines hash to ',
        el('code', { class: 'hash' }, got), '; check it in a shell:',
        el('div', { class: 'scroll' }, el('pre', null, el('code', { class: 'check-command' }, checkCommand(lines))))));
    }
    if (a.addresses && version >= 3) {
      for (var side of ['white', 'black']) {
        var opening = a.addresses[side];
        var made = await sha256(record(commitmentLines(a.game, side + '.address', opening.address, opening.nonce)));
        report.expect(made === a[side], 'address', 'The ' + side + ' player\'s address opens its commitment.',
          'The ' + side + ' player\'s address does not open its commitment.');
      }
    }
    if (commitments.length) {
      out.appendChild(el('h4', null, 'Commitments'));
      out.appendChild(body);
    }

    /* 3, 4. The chain, from the genesis to the head. */
    var heads = [];
    var list = el('ol', { class: 'check-chain', start: '0' });
    var chainOk = true;
    function line(n, name, hash, ok) {
      list.appendChild(el('li', { value: String(n), class: ok ? 'ok' : 'failed', 'data-head': hash },
        name + ': ', el('code', { class: 'hash' }, hash)));
    }
    var expect = function (ok, kind, good, bad) {
      chainOk = chainOk && ok;
      return report.expect(ok, kind, good, bad);
    };
    if (a.genesis === '') {
      expect(moves.length === 0 && !a.result, 'genesis', 'The chain has not begun: the players\' secret choices are awaited.',
        'The archive has moves or a result but no genesis.');
    } else {
      var genesisLines = ['herald-chain-v1', 'game:' + a.game, 'variant:' + a.variant, 'white:' + a.white,
        'black:' + a.black, 'start:' + a.start];
      if (version >= 2 && a.tournament) {
        genesisLines.push('tournament:' + a.tournament.id + ':' + a.tournament.round + ':' + a.tournament.board);
      }
      genesisLines = genesisLines.concat(chainLines(a, 0));
      var genesis = await sha256(record(genesisLines));
      expect(genesis === a.genesis, 'genesis', 'The genesis record hashes to the archive\'s genesis.',
        'The genesis record (game, variant, players, start, the setup\'s commitments) hashes to ' + genesis +
        ', not to the archive\'s genesis ' + a.genesis + '.');
      heads.push({ n: 0, what: 'the genesis, before the first move', hash: genesis });
      line(0, 'Genesis', genesis, genesis === a.genesis);

      var linked = commitments.filter(function (c) { return committedAt(c) === 0; }).map(function (c) { return c.label; });
      var setup = setupLabels(a.variant);
      var exact = linked.join(' ') === setup.join(' ');
      var early = moves.length === 0 && a.result && linked.every(function (l) { return setup.indexOf(l) >= 0; });
      expect(exact || Boolean(early), 'genesis-labels',
        'The genesis links exactly the setup\'s secrets of ' + a.variant + (setup.length ? ' (' + setup.join(', ') + ').' : ' (none).'),
        'The genesis links ' + (linked.join(', ') || 'no secret') + ', not the setup\'s secrets of ' + a.variant +
        ' (' + (setup.join(', ') || 'none') + ').');

      var before = a.genesis;
      for (var k = 0; k < moves.length; k++) {
        var m = moves[k];
        var follows = m.ply === k + 1 && m.prev === before;
        expect(follows, 'link', 'Move record ' + (k + 1) + ' links to the record before it.',
          'Move record ' + (k + 1) + ' (' + moveName(m) + ') does not link to the record before it: a record was ' +
          'dropped, added or moved (it says ply ' + m.ply + ' after ' + m.prev + ').');
        var chained = m.sealed !== undefined ? m.sealed : m.notation;
        var moveLines = ['herald-move-v1', 'prev:' + m.prev, 'ply:' + m.ply, 'color:' + m.color, 'number:' + m.number,
          'move:' + chained].concat(chainLines(a, m.ply));
        var hash = await sha256(record(moveLines));
        expect(hash === m.hash, 'record', 'Move record ' + (k + 1) + ' (' + moveName(m) + ') hashes to its hash.',
          'Move record ' + (k + 1) + ' (' + moveName(m) + ') was changed: its move, number, colour or commitments ' +
          'hash to ' + hash + ', not to the archive\'s ' + m.hash + '.');
        heads.push({ n: k + 1, what: 'after ' + moveName(m), hash: hash });
        line(k + 1, moveName(m), hash, follows && hash === m.hash);
        before = m.hash;
      }
      if (a.result) {
        var r = a.result;
        expect(r.prev === before, 'link', 'The result record links to the last move.',
          'The result record does not link to the last move: a record was dropped or added.');
        var resultHash = await sha256(record(['herald-result-v1', 'prev:' + r.prev, 'score:' + r.score, 'reason:' + r.reason]));
        expect(resultHash === r.hash, 'record', 'The result record (' + r.score + ', ' + r.reason + ') hashes to its hash.',
          'The result record was changed: ' + r.score + ', ' + r.reason + ' hashes to ' + resultHash + ', not to ' + r.hash + '.');
        heads.push({ n: moves.length, what: 'the result, ' + r.score + ' ' + r.reason, hash: resultHash, result: true });
        list.appendChild(el('li', { class: resultHash === r.hash && r.prev === before ? 'ok' : 'failed', 'data-head': resultHash },
          'Result ' + r.score + ': ', el('code', { class: 'hash' }, resultHash)));
        before = r.hash;
      }
      expect(a.chain_head === before, 'head', 'The chain head is the last record\'s hash: ' + a.chain_head + '.',
        'The chain head ' + a.chain_head + ' is not the last record\'s hash (' + before + '): the head was changed.');
      out.appendChild(el('h4', null, 'The move log: the head after each record'));
      out.appendChild(list);
    }

    /* A finished game opens every secret; a game that hides moves shows only sealed entries. */
    if (a.result) {
      var sealedLeft = commitments.filter(function (c) { return c.value === null; }).map(function (c) { return c.label; });
      report.expect(sealedLeft.length === 0, 'sealed', 'The game is over and every secret is open.',
        'The game is over but ' + sealedLeft.join(', ') + ' is still sealed.');
    }

    /* Fair randomness and ciphered move lists (Secret Intelligence Chess). */
    if (a.variant === 'secret-intelligence') {
      report.expect(a.start === SI_START, 'setup', 'The genesis says what the setup is drawn from.',
        'The start is not README\'s sentence on the setup drawn from the seeds.');
      var fair = el('div', { class: 'check-setup' });
      out.appendChild(el('h4', null, 'Fair randomness and the ciphered moves'));
      out.appendChild(fair);
      if (!a.result) {
        report.expect(moves.every(function (m) { return m.sealed !== undefined && m.notation === m.sealed; }) &&
          commitments.every(function (c) { return c.value === null; }), 'cipher',
          'While the game goes on, every move is its sealed entry and no seed is opened.',
          'The game goes on, but a move is shown in full or a seed is opened.');
        fair.appendChild(el('p', null, 'The seeds are opened when the game ends; then this check draws the setup ' +
          'again and recomputes every ciphered entry.'));
      } else if (!('referee.seed' in opened && 'white.seed' in opened && 'black.seed' in opened)) {
        report.fail('setup', 'The seeds do not all open, so the setup and the ciphered entries cannot be checked.');
      } else {
        var drawn = await drawSetup(opened['referee.seed'], opened['white.seed'], opened['black.seed']);
        report.pass('setup', 'The setup drawn from the opened seeds: White ' + PAIR_NAMES[drawn.white] + ', Black ' +
          PAIR_NAMES[drawn.black] + ', ' + fen(drawn.board) + '.');
        fair.appendChild(el('p', null, 'Drawn from referee.seed, white.seed and black.seed: White has ' +
          PAIR_NAMES[drawn.white] + ', Black ' + PAIR_NAMES[drawn.black] + '; the board ', code(fen(drawn.board)), '.'));
        var origin = {};
        drawn.board.forEach(function (p, key) { origin[algebraic(key)] = algebraic(key); });
        var cipherKey = hex(await hmac(await hmacKey(opened['referee.seed']), 'cipher key'));
        var tokenKey = await hmacKey(cipherKey);
        fair.appendChild(el('p', null, 'The cipher key: ', el('code', { class: 'hash' }, cipherKey)));
        var entries = el('ol', { class: 'check-cipher' });
        for (var j = 0; j < moves.length; j++) {
          var mv = moves[j];
          var token = hex(await hmac(tokenKey, mv.ply + ':' + mv.notation)).slice(0, 6);
          var sq = moveSquares(mv.notation);
          var expected;
          if (sq[2] === '<>') {
            expected = token + ':' + sq[0] + '<>' + sq[1] + '@' + origin[sq[0]] + ',' + origin[sq[1]];
            var swap = origin[sq[0]];
            origin[sq[0]] = origin[sq[1]];
            origin[sq[1]] = swap;
          } else {
            expected = token + ':' + sq[0] + sq[2] + sq[1] + '@' + origin[sq[0]];
            /* A pawn taking en passant captures the piece beside its target. */
            if (sq[2] === 'x' && !(sq[1] in origin) && mv.notation[0] === 'P') delete origin[sq[1][0] + sq[0][1]];
            origin[sq[1]] = origin[sq[0]];
            delete origin[sq[0]];
          }
          var same = mv.sealed === expected;
          report.expect(same, 'cipher', 'Move ' + mv.ply + ': the ciphered entry ' + mv.sealed + ' is ' + mv.notation + '.',
            'Move ' + mv.ply + ': the ciphered entry ' + mv.sealed + ' is not ' + mv.notation + ', whose entry is ' + expected + '.');
          entries.appendChild(el('li', { class: same ? 'ok' : 'failed' }, code(mv.notation), ' → ', code(expected)));
        }
        fair.appendChild(entries);
      }
    }
    return { heads: heads, chainOk: chainOk && commitmentsOk };
  }

  /* --- running it ---------------------------------------------------------------------- */

  var button = document.getElementById('check-run');
  var result = document.getElementById('check-result');
  var details = document.getElementById('check-details');
  var headField = document.getElementById('check-head');
  var headResult = document.getElementById('check-head-result');
  var heads = null;
  var chainOk = false;

  function compareHead() {
    if (!heads) return;
    var found = /[0-9a-fA-F]{64}/.exec(headField.value);
    if (!found) {
      headResult.textContent = headField.value.trim() ? 'That is not a head: paste the 64 hex digits after "head" in your mail.' : '';
      headResult.removeAttribute('data-match');
      return;
    }
    var head = found[0].toLowerCase();
    var at = heads.filter(function (h) { return h.hash === head; })[0];
    var warning = chainOk ? '' : ' (but this archive does not check out: see above)';
    if (at) {
      headResult.textContent = 'Matches at move ' + at.n + ': the head of a mail sent with ' + at.n + ' move' +
        (at.n === 1 ? '' : 's') + ' recorded, ' + at.what + '.' + warning;
      headResult.setAttribute('data-match', at.result ? 'result' : String(at.n));
    } else {
      headResult.textContent = 'Does not match: no record of this archive has that head. If your mail is newer than ' +
        'this page, the site may not be current yet; if not, keep the mail: it is evidence.';
      headResult.setAttribute('data-match', 'none');
    }
  }

  async function run() {
    button.disabled = true;
    details.textContent = '';
    var report = new Report();
    var state;
    if (!window.crypto || !crypto.subtle) {
      result.textContent = 'This browser offers its hash functions (WebCrypto) only to pages served over HTTPS or ' +
        'opened from a file, and this page is neither: download the archive and check it with herald verify (below).';
      result.setAttribute('data-state', 'unavailable');
      button.disabled = false;
      return;
    }
    try {
      var archive = JSON.parse(data.textContent);
      var found = await check(archive, report, details);
      heads = found.heads;
      chainOk = found.chainOk && report.failures === 0;
      state = report.failures === 0 ? 'ok' : 'failed';
    } catch (e) {
      report.fail('error', 'The archive could not be read: ' + e);
      state = 'failed';
    }
    var failures = report.lines.filter(function (l) { return !l.ok; });
    result.setAttribute('data-state', state);
    result.textContent = state === 'ok'
      ? 'ok: every check below holds.'
      : 'FAILED: ' + failures.length + ' check' + (failures.length === 1 ? '' : 's') + ' did not hold.';
    var ul = el('ul', { id: 'check-lines', class: 'check-lines' });
    failures.concat(report.lines.filter(function (l) { return l.ok; })).forEach(function (l) {
      ul.appendChild(el('li', { class: l.ok ? 'ok' : 'failed', 'data-check': l.kind },
        el('span', { class: 'mark' }, l.ok ? 'ok ' : 'FAILED '), l.text));
    });
    details.insertBefore(ul, details.firstChild);
    document.getElementById('check-head-box').hidden = !heads;
    compareHead();
    button.disabled = false;
  }

  document.getElementById('check-needs-js').hidden = true;
  document.getElementById('check-ui').hidden = false;
  button.addEventListener('click', run);
  headField.addEventListener('input', compareHead);
  /* game-N.html#check runs the check at once; #head=HASH also compares that head. */
  var fragment = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (fragment === 'check' || fragment.indexOf('head=') === 0) {
    if (fragment.indexOf('head=') === 0) headField.value = fragment.slice(5);
    run();
  }
})();
