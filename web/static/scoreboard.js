/* The wall scoreboard: renders the public state; the event stream keeps it live. */
"use strict";

(() => {
  // The wall sends nothing back to the table: everything it shows goes without bidi controls.
  const { shown: esc, message: told, die, dice, call, title, money, bestKeep, BEST_KEEP, SHY, hyphenated } = DT;
  const $ = (id) => document.getElementById(id);

  /* The score pad's life marker: one arm per life but the last, a spot at an arm's end for each
     life lost, the last life where the arms cross (five lives = a +). */
  const STAR_MAX = 13;         // more arms than 12 crowd the spots into each other

  function star(total, lives) {
    total = Math.max(1, total || 1);
    const lost = Math.max(0, total - Math.max(0, lives));
    const arms = total - 1;
    const R = 78;
    let parts = "";
    const ends = [];
    for (let i = 0; i < arms; i++) {
      const a = (-90 + (360 / arms) * i) * Math.PI / 180;
      const x = +(R * Math.cos(a)).toFixed(1), y = +(R * Math.sin(a)).toFixed(1);
      ends.push([x, y]);
      parts += `<line x1="0" y1="0" x2="${x}" y2="${y}" class="arm"/>`;
    }
    ends.forEach(([x, y], i) => {
      parts += i < lost
        ? `<circle cx="${x}" cy="${y}" r="17" class="spot"/>`
        : `<circle cx="${x}" cy="${y}" r="11" class="life"/>`;
    });
    parts += lost >= total
      ? `<circle cx="0" cy="0" r="21" class="spot"/>`
      : `<circle cx="0" cy="0" r="${lives === 1 ? 14 : 9}" class="${lives === 1 ? "last" : "hub"}"/>`;
    return `<svg class="star" viewBox="-100 -100 200 200" role="img" aria-label="${lives} of ${total} lives">${parts}</svg>`;
  }

  const CROWN = `<svg class="crown" viewBox="0 0 64 50" aria-hidden="true"><path d="M4 38 L8 8 L21 24 L32 2 L43 24 L56 8 L60 38 Z"/><rect x="4" y="41" width="56" height="8" rx="2"/></svg>`;
  const FOWL = `<svg class="fowl" viewBox="0 0 44 40" aria-hidden="true"><path class="comb" d="M27 8 q1-6 4-2 q2-5 4 0 q3-3 3 3z"/><ellipse cx="18" cy="24" rx="14" ry="10"/><circle cx="31" cy="14" r="7"/><path class="beak" d="M37 12 l7 3 l-7 3z"/><path d="M6 22 q-6-8 1-12 q1 6 6 7z"/><path class="legs" d="M14 33 v6 M22 33 v6"/></svg>`;

  /* Farkel partners: the team a player plays in ({name, players, score}) and its colour, or null
     in a game without teams. Only teams of partners are coloured, in the standings' order: a
     player alone has no team colour (the seventh side took the first team's colour, so Lu, alone,
     looked like one of Ann's partners). Six colours are enough: twelve seats make six teams. */
  function teamColour(teams, name) {
    const partnered = teams.filter((t) => t.players.length > 1);
    const i = partnered.findIndex((t) => t.name === name);
    return i < 0 ? null : i % 6;
  }

  function teamOf(p, s) {
    if (!Array.isArray(s.teams) || !p.team) return null;
    const i = s.teams.findIndex((t) => t.name === p.team);
    return i < 0 ? null : { ...s.teams[i], index: i, colour: teamColour(s.teams, p.team) };
  }

  /* Whether a player won: every partner of a winning team, else the one winner. */
  const won = (p, s) => (Array.isArray(s.winners) ? s.winners.includes(p.name) : s.winner === p.name);

  function playerCard(p, s) {
    const game = s.game;
    const totalLives = (s.options && s.options.lives) || null;
    const toAct = s.to_act === p.name && !s.over;
    const answers = s.answers === p.name && s.call;
    const winner = won(p, s);
    const team = teamOf(p, s);
    const tarted = s.tarted === p.name;
    const last = (p.in_the_shit ?? (typeof p.lives === "number" && p.lives === 1 && !p.out)) && !winner;
    // "In the shit" is Kuriki's word (the seed's score pad) for a last life: Mia and liar's
    // dice say it plainly.
    const shit = last && game === "kuriki";
    const cls = ["player", toAct && "to-act", answers && "answers", p.out && "out",
      winner && "winner", tarted && "tarted", last && "last-life", shit && "shit",
      team && team.colour !== null && `in-team team-${team.colour}`].filter(Boolean).join(" ");
    let counter = "";
    let marker = "";
    if (typeof p.lives === "number") {
      // Past STAR_MAX lives no star: one capped at 13 showed no life lost until 12 were left.
      marker = totalLives && totalLives <= STAR_MAX ? star(totalLives, p.lives) : "";
      counter = `<span class="count">${p.lives}</span><span class="unit">${p.lives === 1 ? "life" : "lives"}</span>`;
    } else if (typeof p.chips === "number") {
      const stack = Array.from({ length: Math.min(p.chips, 12) }, () => "<i></i>").join("");
      marker = `<div class="chips-stack">${stack}</div>`;
      counter = `<span class="count">${p.chips}</span><span class="unit">${p.chips === 1 ? "chip" : "chips"}</span>`;
    } else if (typeof p.score === "number" && team && team.players.length > 1) {
      // Partners: the team's score is what wins, so it is the big number; the player's own
      // points go smaller on the same line (on a line of their own a crowd's cards overflowed
      // and shrank every word on them to a third of a lone player's).
      counter = `<span class="count team-score">${team.score.toLocaleString("en")}</span><span class="unit">team</span>` +
        `<span class="own">· own <b class="own-score">${p.score.toLocaleString("en")}</b></span>`;
    } else if (typeof p.score === "number") {
      counter = `<span class="count">${p.score.toLocaleString("en")}</span><span class="unit">points</span>`;
    }
    // Crowns and fouls as the score pad draws them; past a handful, one mark and a number.
    const marks = (svg, n, cls, what) => !n ? "" : `<span class="${cls}" title="${what}">` +
      (n <= 5 ? svg.repeat(n) : `${svg}<b>×${n}</b>`) + `</span>`;
    const crowns = marks(CROWN, p.kurikis, "crowns", "Kurikis");
    const fouls = marks(FOWL, p.fouls, "fouls", "fouls");
    const tags = [];
    if (team && team.players.length > 1) tags.push(`<span class="tag tag-team">${esc(team.name)}</span>`);
    if (winner) tags.push('<span class="tag tag-win">WINNER</span>');
    if (tarted) tags.push('<span class="tag tag-tart">TARTED</span>');
    else if (p.out) tags.push('<span class="tag tag-out">OUT</span>');
    if (shit) tags.push('<span class="tag tag-shit">IN THE SHIT</span>');
    else if (last) tags.push('<span class="tag tag-last">LAST LIFE</span>');
    if (answers) tags.push('<span class="tag tag-answers">ANSWERS</span>');
    if (s.call && s.roller === p.name) tags.push('<span class="tag tag-roller">ROLLER</span>');
    if (s.call && Array.isArray(s.passed) && s.passed.includes(p.name)) tags.push('<span class="tag tag-passed">PASSED</span>');
    // (With no entry score there is no board to get on: every bank counts.)
    if (p.entered === false && s.options && s.options.entry) tags.push('<span class="tag tag-out">NOT ON THE BOARD<span class="tag-more"> YET</span></span>');
    return `<article class="${cls}" data-name="${esc(p.name)}" data-lives="${esc(p.lives ?? "")}" ` +
      `data-chips="${esc(p.chips ?? "")}" data-score="${esc(p.score ?? "")}" data-out="${p.out ? 1 : 0}" ` +
      `data-kurikis="${esc(p.kurikis ?? 0)}" data-fouls="${esc(p.fouls ?? 0)}"` +
      (team ? ` data-team="${esc(team.name)}" data-team-score="${esc(team.score)}"` : "") + `>` +
      `<div class="marker">${marker}</div>` +
      `<div class="who"><div class="name">${toAct ? '<span class="arrow">▶</span>' : ""}${esc(p.name)}</div>` +
      `<div class="counter">${counter}</div><div class="marks">${crowns}${fouls}</div><div class="tags">${tags.join("")}</div></div>` +
      `</article>`;
  }

  const OUTCOME_WORD = { lie: "LIE", truth: "TRUE", kuriki: "KURIKI!", accepted: "ACCEPTED",
    foul: "FOUL", farkel: "FARKEL", banked: "BANKED" };

  function losses(v, s) {
    const unit = (n) => s.game === "deceit" ? (n === 1 ? "chip" : "chips")
      : s.game === "farkel" ? "points" : (n === 1 ? "life" : "lives");
    const lines = Object.entries(v.losses || {}).map(([name, n]) =>
      `<li class="loss"><b>${esc(name)}</b> loses ${n} ${unit(n)}</li>`);
    Object.entries(v.gains || {}).forEach(([name, n]) =>
      lines.push(`<li class="gain"><b>${esc(name)}</b> gains ${n} ${unit(n)}</li>`));
    return lines.length ? `<ul class="losses">${lines.join("")}</ul>` : "";
  }

  /* A past verdict in one line: its own first words in bold when they say the outcome ("LIE!",
     "NOT A LIE!", "FOUL!", "FARKEL:"), else the outcome's word before it. The word was always
     put first, and the line stuttered: "last: LIE LIE! Ann called 42", "TRUE NOT A LIE!". */
  function verdictLine(v) {
    const message = String(v.message ?? "");
    const lead = message.match(/^([A-Z][A-Z -]*[A-Z][!:])\s*/);
    return lead ? `<b>${esc(lead[1])}</b> ${told(message.slice(lead[0].length))}`
      : `<b>${esc(OUTCOME_WORD[v.outcome] || v.outcome)}</b> ${told(message)}`;
  }

  /* The photo a verdict was judged on: of the dice under the cup, or of every hand (liar's
     dice: each player's cup). "" when it has none. ``written``: its banner's words are written
     above it (bannerStrip), and it is shown without its own banner (cutBanner). */
  function evidencePhoto(v, written) {
    if (!v.photo) return "";
    const where = v.hands ? "under the cups" : "under the cup";
    const rows = written && photoBanner(v) ? ` data-banner-rows="${esc(Math.round(v.banner.height))}"` : "";
    return `<figure class="evidence"><img id="evidence" src="${esc(v.photo)}" alt="the dice ${where}"${rows}><figcaption>${where}</figcaption></figure>`;
  }

  /* The banner vision.annotate draws above a cup's evidence photo ("OK: 5 4", and under it,
     smaller, the reason or the bottom view's "seen from below: each number is the top face, 7 -
     the face in the photo"), read from across the room: shown with the photo a third of its
     size, its words stood 6-12 px high on a 1080-line wall. The verdict carries its words
     (v.banner: {lines, height, ok}, from the photo the device made), so the wall writes them
     large above the dice, in the banner's colour: the first line's letters about 3.6 vh high
     (39 px at 1080 lines), the smaller words about 2.2 vh, beside it or, too many, under it.
     The photo under it is shown without its banner rows (cutBanner): the tray alone, its dice
     hidden by nothing. A verdict without the words (a photo made before they were kept) shows
     its photo whole, as it is.
     Liar's dice: an open's photo (of every hand) has its banner written above the hands and the
     photo alike, as large: shown beside the hands its words stood 4-11 px high. Its first line
     (every value read, "OK: 6 5 4 2 2 6 ...") breaks between the values (of-hands). */
  const photoBanner = (v) => (v && v.photo && v.banner && Array.isArray(v.banner.lines) &&
    v.banner.lines.length && Number(v.banner.height) > 0 ? v.banner : null);
  function bannerStrip(v) {
    const b = photoBanner(v);
    if (!b) return "";
    const [head, ...more] = b.lines;
    // (An open's first line, every value read, only repeats what the hands show large: where it
    // does not fit at full size it is said short, its word and how many dice, see fitHands.)
    const read = v.hands ? String(head).match(/^([^:]+):((?:\s+\d)+)\s*$/) : null;
    const short = read ? ` data-full="${esc(head)}" data-short="${esc(`${read[1]}: ${read[2].trim().split(/\s+/).length} dice read`)}"` : "";
    return `<div class="evidence-banner ${b.ok === false ? "unsure" : "ok"}${v.hands ? " of-hands" : ""}" id="evidence-banner">` +
      `<span class="banner-head"${short}>${esc(head)}</span>` +
      (more.length ? `<span class="banner-more">${more.map(esc).join("<br>")}</span>` : "") + `</div>`;
  }

  function verdictStage(v, s) {
    const word = OUTCOME_WORD[v.outcome] || String(v.outcome || "").toUpperCase();
    const c = call(s.game, v.call);
    // (A photo's banner: its words written across the stage above the dice, see bannerStrip.)
    const band = bannerStrip(v);
    const photo = evidencePhoto(v, band !== "");
    const shown = v.dice ? `<div class="shown">${dice(v.dice, 150, "shown-die")}</div>` : "";
    const hands = v.hands ? `<div class="hands">${Object.entries(v.hands).map(([n, h]) =>
      `<div class="hand"><span>${esc(n)}</span>${dice(h, 70)}</div>`).join("")}</div>` : "";
    // Who plays next, beside the big word: the verdict fills the stage until the next call, and
    // only a card's frame said whose turn it was (Mia's and Deceit's words do not say it).
    const m = s.game === "liars" && s.minimums && s.minimums.plain > 1 ? s.minimums : null;
    const next = s.to_act && !s.over ? `<div class="next-up${m ? " least" : ""}" id="next-up"><span class="label">${m ? "next to call" : "next"}</span>` +
      `<span class="who-next">${esc(s.to_act)}</span>` +
      (m ? `<span class="next-least" id="opening-minimum">${openingMinimum(m)}</span>` : "") +
      `</div>` : "";
    let head = `<div class="verdict-head"><div class="word">${esc(word)}</div>${next}</div>`;
    let said = c ? `<div class="said">The call: <b class="nowrap">${esc(c.big)}</b>${c.small ? ` <span class="nowrap">(${esc(c.small)})</span>` : ""}` +
      `${v.caller ? ` · <b>${esc(v.caller)}</b> answered for it` : ""}</div>` : "";
    if (v.outcome === "kuriki") {
      // The crown moment: the Roller showed 1-2.
      head = `<div class="crown-moment">${CROWN}<div class="word">${esc(word)}</div></div>`;
      said = v.caller ? `<div class="said kuriki-who"><b>${esc(v.caller)}</b> keeps the cup</div>` : "";
    }
    return `<div id="verdict" class="verdict outcome-${esc(v.outcome)}${v.hands ? " has-hands" : ""}">` +
      `${head}${said}${band}` +
      // (An open's photo goes beside its hands, or under them where the stage is too narrow.)
      (v.hands ? `<div class="evidence-row">${hands}${photo}</div>` : `<div class="evidence-row">${shown}${photo}</div>`) +
      `${losses(v, s)}<p class="message">${told(v.message)}</p></div>`;
  }

  /* Liar's dice: "3 × [die]" with zhai marked. */
  function liarsCall(d) {
    return `<div class="liars-call"><span class="call-big">${esc(d.count)} ×</span>${die(d.face, 140, "call-face")}` +
      `${d.zhai ? '<span class="tag tag-zhai">ZHAI</span>' : ""}</div>`;
  }

  /* Liar's dice: a round's lowest first calls, each kept on one line. (Not "open": in liar's
     dice that is the challenge, lifting the cups.) The non-zhai one is said as the table says
     it, of any face, 1s wild ("6 ×" stood with nothing after it). Too long for its line (the
     verdict's corner), it breaks after that one only: "at least 6 × any face ·" over "5 × zhai
     · 4 × 1s" (not "4 × 1s" left alone on a line). */
  const openingMinimum = (m) => `<span class="nowrap">at least <b>${esc(m.plain)} × any face</b> ·</span> ` +
    `<span class="nowrap">${esc(m.zhai)} × zhai · ${esc(m.ones)} × 1s</span>`;

  /* The dial's label as the wall names it: the call word first (a named roll by its name), then
     any flag the console put after it ("double-4 reverse" -> "Walnuts reverse"). */
  function dialled(game, label) {
    const [word, ...flags] = String(label).split(" ");
    const named = (call(game, word) || {}).big || word;
    return [named, ...flags].join(" ");
  }

  const mia = (s) => s.game === "mia" && s.call === "21" && Boolean(s.to_act) && (s.legal || []).some((a) => a.do === "accept");

  /* Deceit: a 2-1 believed (the next player raised on it) turns play round at once, and the 2-1
     roller is to act again. The wall said nothing but the small direction at its top, and the
     room saw the player who had just called called again. */
  function turnedRound(s) {
    const calls = Array.isArray(s.calls) ? s.calls : [];
    const [before, last] = calls.slice(-2);
    // (Not when the believer called an 11: the player it names acts, and the wall says so.)
    if (s.game !== "deceit" || s.target || calls.length < 2 || !before || before.call !== "21" || !last || !last.by) return "";
    return `<div class="answers-line" id="turned-round"><b class="target">${esc(last.by)}</b> believed the 2-1: play turns round, ` +
      `<span class="whole">${s.direction === "clockwise" ? "↻" : "↺"} ${esc(s.direction || "")}</span></div>`;
  }

  function callStage(s) {
    const c = call(s.game, s.call);
    // Liar's dice: every player rolls under a cup, and the player to act makes the first call.
    const liars = s.game === "liars";
    const actor = s.to_act ? `<div class="turn"><span class="label">${s.call ? "to act" : liars ? "first call" : "rolling"}</span><span class="who-acts">${esc(s.to_act)}</span></div>` : "";
    let body;
    if (s.call_detail && typeof s.call_detail === "object") {
      // A bounce back (two more, handed back to the caller before): said. The wall showed
      // "eight 4s · Cy answers for it" as for any raise, and the room, seeing Bob to act again,
      // could not tell why. Who bounced it is the one who answers for it, and who it went to is
      // to act: both already on the stage, so not named again here.
      const bounced = s.bounced && s.answers ? `<div class="answers-line" id="bounced"><span class="tag tag-bounce">BOUNCED BACK</span></div>` : "";
      body = `<div class="callbox"><span class="label">the call</span><div id="call">${liarsCall(s.call_detail)}</div>` +
        `<div class="call-small">${esc(s.call)}</div>` + bounced +
        (s.answers ? `<div class="answers-line"><b>${esc(s.answers)}</b> answers for it</div>` : "") + `</div>`;
    } else if (c) {
      body = `<div class="callbox"><span class="label">the call</span><div class="call-big" id="call">${esc(c.big)}</div>` +
        (c.dice.length ? `<div class="call-dice">${dice(c.dice, 110)}</div>` : (c.small ? `<div class="call-small">${esc(c.small)}</div>` : "")) +
        (s.blind ? `<div class="answers-line"><span class="tag tag-answers">BLIND RAISE</span></div>` : "") +
        (s.target ? `<div class="answers-line">1-1 names <b class="target">${esc(s.target)}</b>: accept or pull</div>` : "") +
        // A Mia stands: nothing beats it, so the player to act (named big above) may only accept
        // it or pull (the wall said neither, and a pulled Mia costs 2 lives).
        (mia(s) ? `<div class="answers-line" id="mia-stands">Mia stands: accept <span class="whole">(1 life)</span> or pull <span class="whole">(2 lives)</span></div>` : "") +
        (s.answers ? `<div class="answers-line"><b>${esc(s.answers)}</b> answers for it</div>` : "") +
        turnedRound(s) + `</div>`;
    } else if (liars) {
      // The round's lowest first calls (the seed's minimum starting call), which the players
      // calling out loud must know: only the phone knew them.
      const m = s.minimums || {};
      const least = m.plain > 1 ? `<div class="call-small" id="opening-minimum">first call ${openingMinimum(m)}</div>` : "";
      body = `<div class="callbox fresh"><span class="label">everyone rolls · no call yet</span><div class="call-big">New round</div>${least}</div>`;
    } else {
      body = `<div class="callbox fresh"><span class="label">no call yet</span><div class="call-big">Fresh roll</div></div>`;
    }
    const cup = s.sealed ? `<div class="cup">dice sealed under the cup</div>` : "";
    const dial = s.dial ? `<div class="dial">dialling <b>${esc(dialled(s.game, s.dial))}</b></div>` : "";
    const calls = Array.isArray(s.calls) && s.calls.length > 1 ? `<div class="calls"><span class="label">this round</span>${s.calls.slice(-5).map((x) => {
      const cc = call(s.game, x.call ?? x);
      return `<span class="call-chip">${x.by ? esc(x.by) + " " : ""}<b>${esc(cc ? cc.big : "")}</b>${x.target ? " → " + esc(x.target) : ""}</span>`; }).join("")}</div>` : "";
    // The verdict before the call standing is the last round's, and says so. Not a foul
    // (Kuriki): it ends no round, the call stands, and it is this round's news ("Last round:
    // FOUL! Cy: disrespect" stood under the call it was charged during); its line says FOUL
    // itself, as on the phone.
    const v = s.verdict;
    const last = v ? `<div class="last-verdict outcome-${esc(v.outcome)}">${v.outcome === "foul" ? "" : pastLabel(s)}${verdictLine(v)}</div>` : "";
    return actor + body + cup + dial + calls + last;
  }

  /* What a past verdict's line is headed with, in the phone's words (control.js): "Last round:",
     Farkel's "Last turn:" (its verdicts end a turn). The wall said "last:", the phone "Last
     round:", and the room read two boards telling it different things. */
  const pastLabel = (s) => `<span class="past-label">${s.game === "farkel" ? "Last turn:" : "Last round:"}</span> `;

  /* High Stakes on offer: the dice left by the last bank, their points, and the stake the
     player to roll puts up to take them. */
  function highStakes(s) {
    const h = s.high_stakes;
    if (!h || s.phase !== "start") return "";
    const who = s.to_act ? `<b>${esc(s.to_act)}</b> may take ` : "take ";
    // (A player with fewer points than the stake cannot take the offer: the rules list no such roll.)
    const can = (s.legal || []).some((a) => a.do === "roll" && a.high_stakes === true);
    const stake = h.stake ? ` · <span class="stake">puts up <b id="stake">${esc(Number(h.stake).toLocaleString("en"))}</b>` +
      `${can ? "" : " (too few points to take it)"}</span>` : "";
    return `<div class="high-stakes" id="high-stakes"><span class="label">High Stakes</span>${who}` +
      `${esc(h.dice)} ${h.dice === 1 ? "die" : "dice"} with ${esc(Number(h.points).toLocaleString("en"))} points${stake}</div>`;
  }

  /* Farkel's kept dice in the turn's rounds of six: hot dice (every die kept) ends one, and
     each hot dice round stands apart, smaller, under 'hot dice' (the row added them all up: 10
     dice shown while the player held 6). Within a round, each roll's keep stands apart too:
     two rolls kept within the same six ran together ('1 1 5' for a pair of 1s, then a 5). The
     state says it roll by roll (kept_rolls: each roll's dice kept, and whether that was every
     die it rolled); a state without it (from before) shows its kept dice as one keep. */
  function keptGroups(s) {
    const rolls = Array.isArray(s.kept_rolls) ? s.kept_rolls : [{ dice: s.kept || [], hot: false }];
    const groups = [];
    let round = [];
    for (const r of rolls) {
      if (!r || !Array.isArray(r.dice) || !r.dice.length) continue;
      round.push(r.dice);
      if (r.hot) { groups.push({ rolls: round, hot: true }); round = []; }
    }
    if (round.length) groups.push({ rolls: round, hot: false });
    return groups;
  }
  const keptRolls = (g) => g.rolls.map((d) => `<span class="kept-roll">${dice(d, 80, "kept")}</span>`).join("");

  function farkelStage(s) {
    const v = s.verdict;
    const best = bestKeep(s);
    const target = s.target || (s.options && s.options.target);
    const rolled = s.phase === "rolled" && s.roll && s.roll.length;
    const me = (s.players || []).find((p) => p.name === s.to_act);
    const entry = s.options && s.options.entry;
    return `<div class="turn"><span class="label">rolling</span><span class="who-acts">${esc(s.to_act || "")}</span></div>` +
      `<div class="farkel-turn"><span class="label">turn total</span><div class="call-big" id="turn-total">${esc((s.turn_total ?? 0).toLocaleString("en"))}</div>` +
      // (Once the turn holds the entry score, "needs 500" read as if 650 were not enough.)
      (me && me.entered === false && entry ? `<div class="call-small" id="entry-line">${(s.turn_total ?? 0) >= entry
        ? "enough to get on the board: bank it to count" : `needs ${esc(entry)} to get on the board`}</div>` : "") + `</div>` +
      (rolled ? `<div class="farkel-row"><span class="label">roll</span>${dice(s.roll, 100)}</div>` : "") +
      (s.kept && s.kept.length ? `<div class="farkel-row" id="kept"><span class="label">kept</span><span class="kept-groups">${keptGroups(s).map((g) => g.hot
          ? `<span class="kept-group hot"><small>hot dice</small><span class="kept-dice">${keptRolls(g)}</span></span>`
          : `<span class="kept-group">${keptRolls(g)}</span>`).join("")}</span></div>` : "") +
      (best ? `<div class="farkel-row best" id="best-keep"><span class="label">${BEST_KEEP}</span>${dice(best.dice, 80, "kept")}<b class="pts">${esc(best.score)}</b></div>` : "") +
      (s.dice_left && !rolled ? `<div class="target" id="dice-left">${esc(s.dice_left)} ${s.dice_left === 1 ? "die" : "dice"} to roll</div>` : "") +
      highStakes(s) +
      // Reaching the target does not win: it starts the final round, everyone else's last turn
      // ("first to 1,500" read as if it did).
      (target ? `<div class="target" id="farkel-target">target ${esc(Number(target).toLocaleString("en"))}: then one last turn each${s.final_round ? ' <span class="nowrap">· <b class="final">FINAL ROUND</b></span>' : ""}</div>` : "") +
      (v && s.phase === "start" && !s.turn_total
        // The turn just ended: say how, big, until the next roll.
        ? `<div id="verdict" class="farkel-verdict outcome-${esc(v.outcome)}"><span class="word">${esc(OUTCOME_WORD[v.outcome] || v.outcome)}</span><p>${told(v.message)}</p></div>`
        : (v ? `<div class="last-verdict outcome-${esc(v.outcome)}">${pastLabel(s)}${verdictLine(v)}</div>` : ""));
  }

  function stage(s) {
    if (!s.game) return "";         // no game on: #sb-idle is shown instead (see render)
    if (s.over) {
      const v = s.verdict ? `<p class="message">${told(s.verdict.message)}</p>` : "";
      const prize = s.prize ?? s.pot;
      const pot = prize ? `<p class="pot-line">takes <b>${money(prize)}</b></p>` : "";
      // Partners win together: "Ann & Cy WIN".
      const many = Array.isArray(s.winners) && s.winners.length > 1;
      // The pull that ended the game is judged with its dice and photo like any other: the
      // winner's screen came in their place, and the deciding dice were never shown. (A
      // winning Kuriki's dice are the 1-2 its words name.)
      const ev = s.verdict || {};
      const pulled = ev.outcome === "lie" || ev.outcome === "truth";
      // (Its photo's banner written large above the dice, as a pull's verdict has it: bannerStrip.
      // An open's too, above its hands and photo: the winner's name keeps its size, they give
      // way, see fitWinner.)
      const band = pulled ? bannerStrip(ev) : "";
      // Liar's dice: the hands of the open that ended it (two: the last two players in), beside
      // its photo.
      const hands = pulled && ev.hands ? `<div class="hands" id="final-hands">${Object.entries(ev.hands).map(([n, h]) =>
        `<div class="hand"><span>${esc(n)}</span>${dice(h, 70)}</div>`).join("")}</div>` : "";
      const evidence = pulled && (ev.dice || ev.photo || hands) ? `<div class="evidence-row" id="final-evidence">` +
        (ev.dice ? `<div class="shown">${dice(ev.dice, 110, "shown-die")}</div>` : "") + hands +
        evidencePhoto(ev, band !== "") +
        `</div>` : "";
      return `<div id="winner" class="winner-stage${evidence ? " with-evidence" : ""}${hands ? " with-hands" : ""}">${CROWN}<div class="word">${esc(s.winner)}</div>` +
        `<div class="wins">${many ? "WIN" : "WINS"}</div>${pot}${band}${evidence}${v}</div>`;
    }
    if (s.game === "farkel") return farkelStage(s);
    if (s.verdict && !s.call) return verdictStage(s.verdict, s);
    return callStage(s);
  }

  /* An open's hands shrink in steps until the whole verdict fits the stage (down to 40%). Its
     photo's banner (bannerStrip, written above them) keeps its size while the hands shrink to
     HANDS_FIRST of theirs. Past that its first line, every value read (the hands show each
     value large, by player), is said short ("OK: 40 dice read"), and the hands fit again from
     full size: eight hands' forty values took four lines of the stage, twelve hands' sixty
     five, and the message was cut. Only then does the banner give way (down to BAND_LEAST),
     and then the hands shrink on. */
  const HANDS_FIRST = 0.5;
  const BAND_LEAST = 0.6;
  const STEP = 0.01;        // (in steps of 5% twelve hands were left 40 px short of the stage's foot)
  function fitHands() {
    const verdict = document.querySelector("#verdict.has-hands");
    // Who lost and why stay on the wall, whatever the names, the hands' dice read across the room
    // (HANDS_READ): where the verdict does not fit so (eight hands, a 40-letter name that called,
    // lost, calls next and has a hand: who lost and the message stood under the stage's foot,
    // the photo cut at it), what matters less gives way, one after the other (GIVE_WAY), the
    // hands fitted again from full size each time: the photo (evidence only) goes beside the
    // hands, as wide as the room there; then it is left out; then the banner's note ("seen from
    // below: ..."); then the call's line, which the message says again ("Ann called eight 1s,
    // Bob opened"). Past that the stage is widened (render, OPEN_WIDE) and only there do the
    // banner (it says whether the camera was sure) and then the next round's lowest call go.
    // Returns whether it all fits.
    // The message (why the caller or the opener lost) shrinks with the hands, to 60% of its
    // size at least: 18 px with eight hands or more, unread across the room. Where it is left
    // at that least, the hands go two by two (HANDS_TWO) and the message stays at SAY_READ at
    // least, the hands' dice still at HANDS_READ or more (at a crowd's narrower stage two
    // columns seldom fit: it is widened for them, as for the hands).
    if (!verdict) return true;
    // (Two to four hands: the stage is wide already, and every part may give way on it; it is
    // widened further only for the message, below.)
    const many = $("app").classList.contains("many");
    const wide = $("app").classList.contains(OPEN_WIDE);
    const gives = wide || !many ? GIVE_WAY : GIVE_WAY.slice(0, GIVE_WAY.indexOf("banner-out"));
    const say = many ? SAY_READ : SAY_READ_FEW;
    // The hands' size where the verdict fits, the parts in GIVE_WAY given way one by one (0:
    // it does not fit, the hands under HANDS_READ).
    const fitted = () => {
      verdict.classList.remove(...GIVE_WAY);
      for (const give of gives) {
        const fit = fitHandsOnce(verdict);
        if (fit >= HANDS_READ - 1e-9) return fit;
        verdict.classList.add(give);
      }
      const fit = fitHandsOnce(verdict);
      return fit >= HANDS_READ - 1e-9 ? fit : 0;
    };
    // (What a layout came to: the hands' size, how many parts gave way, the banner's size and
    // that of who lost and the call's words.)
    const size = (v) => parseFloat(verdict.style.getPropertyValue(v) || 1);
    const laid = (fit) => ({ fit, gone: fit ? GIVE_WAY.filter((c) => verdict.classList.contains(c)).length : Infinity,
      band: size("--band"), words: size("--words") });
    const one = () => {
      verdict.classList.remove(HANDS_TWO);
      verdict.style.removeProperty("--say");
      return laid(fitted());
    };
    const before = one();
    // (Where the message reads at the size it shrank to with the hands, as it was.)
    if (before.fit >= say - 1e-9) return before.fit > 0;
    // The message held at SAY_READ (SAY_READ_FEW), the hands in one column or two by two, whichever gives less
    // of the verdict away (GIVE_WAY), then shrinks the banner less, then who lost, then leaves
    // the dice larger (two by two where all is the same).
    const held = (two) => {
      verdict.classList.toggle(HANDS_TWO, two);
      verdict.style.setProperty("--say", say);
      return laid(fitted());
    };
    const worse = (a, b) => {
      for (const k of ["band", "words", "fit"]) {
        if (a.gone !== b.gone) return a.gone > b.gone;
        if (Math.abs(a[k] - b[k]) > 1e-9) return a[k] < b[k];
      }
      return false;
    };
    const column = held(false);
    const two = held(true);
    const kept = worse(two, column) ? column : two;
    if (kept === column) held(false);
    // At a crowd's narrower stage that is kept where it costs nothing against the message
    // shrinking with the hands: no more given way, the banner and who lost no smaller, the
    // dice no smaller.
    // Else the stage is widened for it (OPEN_WIDE), and there kept wherever it fits. Eight
    // hands with no camera were left as they were, their dice 51 px and the message 23.9 px
    // (18.4 px where every hand counts nothing); held at 28 px there, one column took the dice
    // down to 45 px, two columns to under 50.
    // Two to four hands with a camera: the message shrank with the hands to 25.3 px at four
    // (19.4 px with a 40-letter name), and held at 28 px on the normal stage the dice went
    // under 50 px; so too widened (OPEN_WIDE, the players' column narrower).
    if (kept.fit && (wide || !worse(kept, before))) return true;
    if (!wide) return false;
    return one().fit > 0;
  }
  const GIVE_WAY = ["photo-beside", "photo-out", "note-out", "said-out", "banner-out", "least-out"];
  const HANDS_TWO = "hands-two";
  const SAY_READ = 0.93;    // of the message's size: 2.6 vh with five players or more (28 px at 1080 lines)
  const SAY_READ_FEW = 0.87; // two to four players: of 3 vh (28.2 px at 1080 lines)
  const SAY_LEAST = 0.6;    // 18 px: the least it shrank to with the hands
  const HANDS_READ = 0.42;           // of the hands' full size: their dice 2.5 vh (27 px at 1080 lines)
  const PHOTO_LEAST_VH = 9;          // narrower than this beside the hands the photo is left out
  // Layouts the hands' fitting measured since the state came (body[data-measured] once laid): each
  // costs a layout of every hand, and a wall that measured thousands hung for half a minute.
  let measured = 0;
  function fitHandsOnce(verdict) {
    const stage = $("sb-stage");
    // (The verdict fills the stage's height, and its message gives way first: what does not fit
    // overflows the message, or the verdict itself.)
    const message = verdict.querySelector(".message");
    // (Beside the hands the photo takes the room left there: too narrow to be seen, it does not fit.)
    const img = verdict.classList.contains("photo-beside") && !verdict.classList.contains("photo-out")
      ? verdict.querySelector(".evidence img") : null;
    const hands = verdict.querySelector(".hands");
    // (The message's last line measured to the fraction of a pixel: whole pixels left its
    // letters' feet cut by up to two.)
    const words = document.createRange();
    if (message !== null) words.selectNodeContents(message);
    const overflows = () => {
      measured += 1;
      return stage.scrollHeight > stage.clientHeight || verdict.scrollHeight > verdict.clientHeight
        || (message !== null && (message.scrollHeight > message.clientHeight + 1
          || words.getBoundingClientRect().bottom > message.getBoundingClientRect().bottom + 0.5))
        || hands.getBoundingClientRect().right > verdict.getBoundingClientRect().right + 1
        || (img !== null && img.getBoundingClientRect().width < PHOTO_LEAST_VH * innerHeight / 100);
    };
    const head = verdict.querySelector(".evidence-banner .banner-head[data-short]");
    const set = (fit, band) => {
      verdict.style.setProperty("--fit", fit.toFixed(2));
      if (band < 1) verdict.style.setProperty("--band", band.toFixed(2));
      else verdict.style.removeProperty("--band");
    };
    ["--fit", "--band", "--words"].forEach((v) => verdict.style.removeProperty(v));
    if (head) head.textContent = head.dataset.full;
    // Each size steps down by STEP from where it is to its least, and stops at the first step
    // where nothing overflows: found by halving (a verdict lays out smaller at a smaller size),
    // a handful of layouts for each instead of one a step. Stepped one by one, twelve hands took
    // the wall 20-30 s of layouts to show an open's verdict, and the page hung meanwhile.
    const descend = (from, least, apply) => {
      const sizes = [from];
      for (let v = from; v > least + 1e-9; ) sizes.push(v -= STEP);
      if (sizes.length === 1 || !overflows()) return from;   // (the first size is applied already)
      let lo = 1;
      let hi = sizes.length - 1;     // (the least is kept if nothing above it fits)
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        apply(sizes[mid]);
        if (overflows()) lo = mid + 1; else hi = mid;
      }
      apply(sizes[lo]);
      return sizes[lo];
    };
    let fit = descend(1, HANDS_FIRST, (f) => set(f, 1));
    if (head && overflows()) {
      head.textContent = head.dataset.short;
      set(fit = 1, 1);
      fit = descend(1, HANDS_FIRST, (f) => set(f, 1));
    }
    let band = verdict.querySelector(".evidence-banner") ? 1 : BAND_LEAST;
    band = descend(band, BAND_LEAST, (b) => set(fit, b));
    fit = descend(fit, HANDS_READ, (f) => set(f, band));
    // Then the call's words and who lost (a 40-letter name three times over, on two lines each,
    // left the message no room at all), and last the hands on, under what reads across the room.
    descend(1, 0.7, (w) => verdict.style.setProperty("--words", w.toFixed(2)));
    fit = descend(fit, 0.4, (f) => set(f, band));
    // (How large the hands were left where the whole verdict fits; 0 where it does not.)
    return overflows() ? 0 : fit;
  }

  /* The big word (ACCEPTED, a winner's name) shrinks until it fits across the stage (a
     winner's name also until the stage holds it all), down to 30%; a name too long even then
     breaks. The player to act and the verdict's next player are fitted first (fitName). */
  function fitWords() {
    const stage = $("sb-stage");
    stage.querySelectorAll(".who-acts, .who-next").forEach((el) => fitName(el));
    // The verdict's next player stays within the big word's height: a name that needs more
    // lines there takes more of the head's width (the big word, fitted after it, gives way).
    // A name that still needs more than two lines there, or less than its least size, or to
    // be broken inside a word, goes under the big word, across the stage: in the corner at
    // eight players 'Bartholomew Fitzwilliam Featherstonehaug' stood on five lines, broken
    // 'Bartholom' / 'ew'.
    const next = stage.querySelector(".next-up");
    const word = stage.querySelector(".verdict-head .word");
    if (next && word) {
      const who = next.querySelector(".who-next");
      let fitted = NAME_FITTED.get(who);
      if (next.getBoundingClientRect().height > word.getBoundingClientRect().height + 1 || (fitted && !fitted.good)) {
        next.classList.add("wide");
        fitted = fitName(who);
      }
      if (fitted && !fitted.good) {
        next.classList.add("under");
        next.closest(".verdict-head").classList.add("next-under");
        // (Beside its label where it lies whole on a line there: a line less under the big word.)
        next.classList.add("inline");
        if (!fitName(who).good || NAME_FITTED.get(who).lines > 1) {
          next.classList.remove("inline");
          fitName(who);
        }
      }
      // (Liar's dice: the corner as wide as its widest line, the lowest call broken over two
      // lines at a big table, so the big word beside it keeps what width it can.)
      if (next.classList.contains("least") && !next.classList.contains("under")) {
        const rects = [];
        const walk = document.createTreeWalker(next, NodeFilter.SHOW_TEXT);
        for (let t = walk.nextNode(); t; t = walk.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(t);
          rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        const wide = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
        if (rects.length && wide < next.getBoundingClientRect().width - 1) next.style.width = `${Math.ceil(wide) + 1}px`;
      }
    }
    fitWinner();
    stage.querySelectorAll(".word").forEach((el) => {
      if (!el.clientWidth || el.closest(".with-hands")) return;   // an inline word sizes itself
      const winner = el.closest(".winner-stage") !== null;
      // (A centred word is as wide as its longest word: measure it against its column too.)
      const wide = () => el.scrollWidth > Math.min(el.clientWidth, el.parentElement.clientWidth) + 1;
      const overflows = () => wide() || (winner && stage.scrollHeight > stage.clientHeight + 1);
      const base = parseFloat(getComputedStyle(el).fontSize);
      for (let fit = 1; fit > 0.3 && overflows(); ) {
        fit -= 0.05;
        el.style.fontSize = `${(base * fit).toFixed(1)}px`;
      }
      if (wide()) el.classList.add("break");
    });
  }

  /* The winner's screen after the open that ended a liar's dice game: the winner's name is
     what the room looks for, so the open's banner, hands and photo under it give way first
     (--ev, down to EV_LEAST of their size, the banner's first line said short before), the name
     only down to WINNER_LEAST_VH and past that only once they are at their least: written above
     the hands and photo, the banner took the name down to 41 px at 1080 lines with eight
     players (49 px with two, the photo and its banner in it). */
  const WINNER_KEEP_VH = 9;       // the name first gives way to this (97 px at 1080 lines) ...
  const WINNER_LEAST_VH = 6;      // ... and to this (65 px) only once the evidence is at EV_LEAST
  const EV_LEAST = 0.5;
  function fitWinner() {
    const stage = $("sb-stage");
    const winner = stage.querySelector(".winner-stage.with-hands");
    const el = winner && winner.querySelector(".word");
    if (!el || !el.clientWidth) return;
    plain(el);
    el.classList.remove("break");
    el.style.removeProperty("font-size");
    winner.style.removeProperty("--ev");
    const head = winner.querySelector(".evidence-banner .banner-head[data-short]");
    if (head) head.textContent = head.dataset.full;
    // A hand's name that needs more than two lines beside its dice goes over them (CSS: .over).
    winner.querySelectorAll(".hand").forEach((hand) => {
      hand.classList.remove("over");
      const who = hand.querySelector("span");
      if (who && who.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(who).lineHeight)) hand.classList.add("over");
    });
    const wide = () => el.scrollWidth > Math.min(el.clientWidth, el.parentElement.clientWidth) + 1;
    const over = () => stage.scrollHeight > stage.clientHeight + 1;
    const base = parseFloat(getComputedStyle(el).fontSize);
    const vh = innerHeight / 100;
    let px = base;
    let ev = 1;
    const name = (to) => { while (px > to + 0.05 && (wide() || over())) el.style.fontSize = `${(px = Math.max(to, px - 0.05 * base)).toFixed(1)}px`; };
    const evidence = (to) => { while (ev > to + 1e-9 && over()) winner.style.setProperty("--ev", (ev = Math.max(to, ev - 0.02)).toFixed(2)); };
    // (Across the stage first: a long name is as wide as it must be, whatever the height.)
    while (px > 0.3 * base + 0.05 && wide()) el.style.fontSize = `${(px -= 0.05 * base).toFixed(1)}px`;
    name(Math.min(px, WINNER_KEEP_VH * vh));
    if (head && over()) head.textContent = head.dataset.short;
    evidence(EV_LEAST);
    name(Math.min(px, WINNER_LEAST_VH * vh));
    evidence(0.3);
    name(0.3 * base);
    if (wide()) el.classList.add("break");
  }

  /* A word the stage had to break across lines (a 40-letter name with no space: the player to
     act, the next one, a winner, a hand, the verdict's words) is broken with a hyphen where its
     syllables meet (DT.hyphenBroken, common.js, which the phone's page uses too). A name is
     fitted again without them (plain), and they are put back once the stage is fitted. */
  const plain = (el) => { if (el.textContent.includes(SHY)) el.textContent = el.textContent.replaceAll(SHY, ""); };
  const hyphenBroken = () => DT.hyphenBroken($("sb-stage"));

  /* The player to act (and the verdict's next player), read from across the room: a name too
     long for one line at ONE_LINE_LEAST of its size goes onto two lines (three only past that),
     as big as they fit, never smaller than NAME_LEAST_VH (fitStage may yet shrink the whole
     stage a little). Shrunk onto one line down to 30% like the big words, a 40-letter name
     stood 16-38 px high on a 1080-line wall. A name of several words breaks only between its
     words ('Bartholom' / 'ew' read as two names): a word too long for the line even at the
     least size is shrunk until it fits, not broken. Only a name of one word too long for a
     line at that size (40 letters, no space) is broken inside it, as it must to stay read.
     Returns how it was laid out: {px, lines, good}, good when on at most two lines, at least
     the least size and no word broken (NAME_FITTED keeps it). */
  const ONE_LINE_LEAST = 0.6;     // of the name's full size: smaller than this, two lines
  const NAME_LEAST_VH = 5;        // 54 px at 1080 lines, 36 at 720
  const NAME_FITTED = new WeakMap();
  function fitName(el) {
    if (!el.clientWidth) return null;
    plain(el);
    el.classList.remove("break", "anywhere");
    el.style.removeProperty("font-size");
    const base = parseFloat(getComputedStyle(el).fontSize);
    const least = Math.min(base, NAME_LEAST_VH * innerHeight / 100);
    const size = (px) => { el.style.fontSize = `${px.toFixed(1)}px`; };
    // (Measured against its column too: a block is as wide as its column, its text may not be.)
    const wide = () => el.scrollWidth > Math.min(el.clientWidth, el.parentElement.clientWidth) + 1;
    const lines = () => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    const done = (good) => {
      const fitted = { px: parseFloat(el.style.fontSize || getComputedStyle(el).fontSize), lines: lines(), good };
      NAME_FITTED.set(el, fitted);
      return fitted;
    };
    // The largest size from `from` down to `to` at which it lies on `most` lines at most, words
    // whole (or, with "anywhere", broken where they must): two lines first, then three.
    const fits = (mosts, from, to) => {
      for (const most of mosts) {
        for (let px = from; px >= to - 1e-9; px -= 0.05 * base) {
          size(px);
          if (lines() <= most && !wide()) return true;
        }
      }
      return false;
    };
    // (On one line never under the least size either: the verdict's next player, 54 px in the
    // corner of an open's verdict, stood 35 px high on one line.)
    for (let fit = 1; wide() && base * (fit - 0.05) >= Math.max(ONE_LINE_LEAST * base, least) - 1e-9; ) {
      fit -= 0.05;
      size(base * fit);
    }
    if (!wide()) return done(true);
    // Broken between words (the browser evens the lines where it can: text-wrap: balance).
    el.classList.add("break");
    if (fits([2], base, least)) return done(true);
    if (fits([3], base, least)) return done(false);
    if (/\S\s+\S/.test(el.textContent.trim())) {
      // A word too long for the line: the name shrinks until it fits, down to 30%.
      if (fits([2, 3], least, 0.3 * base)) return done(false);
    }
    // (Fitted with its soft hyphens in: the hyphen drawn at a line's end takes room too.)
    el.classList.add("anywhere");
    el.textContent = hyphenated(el.textContent);
    if (fits([2], base, least)) return done(false);
    if (fits([3, 4], base, least)) return done(false);
    size(least);
    return done(false);
  }

  /* A photo whose banner is written above the dice (bannerStrip) is shown without the banner's
     rows at its top, the number the verdict gives (once loaded: its size is known then). */
  function cutBanner(img) {
    const rows = Number(img.dataset.bannerRows);
    if (rows > 0 && img.naturalWidth && img.naturalHeight > rows) {
      img.style.aspectRatio = `${img.naturalWidth} / ${img.naturalHeight - rows}`;
      img.classList.add("cut");
    }
  }

  /* A pull's photo takes its height only once loaded: the stage is fitted again then, from
     full size (fitted before, a verdict under a long name ran off the stage's foot). */
  function photoIn(img) {
    $("sb-stage").querySelectorAll(":scope > *, #verdict > *").forEach((el) => { el.style.zoom = ""; });
    plainCaption();
    cutBanner(img);
    fitWinner();
    fitStage();
    fitCaption();
    hyphenBroken();
  }

  /* "under the cup(s)" by the photo, read across the room: it stood 2.4 vh under the photo (26 px
     at 1080 lines). The stage is fitted with it there; then it is written larger, up to 4 vh
     (43 px): beside the photo, at its foot, where the stage has that room to its side (a pull's
     verdict with up to four players), else under it as large as the room the rest leaves allows
     (an open's photo, beside the hands). Nothing else on the stage is made smaller or cut for it. */
  const CAPTION_VH = [4, 3.7, 3.4, 3.1, 2.8];
  // (Back under the photo at 2.4 vh before the stage is fitted again: fitted with the words
  // beside the photo, the stage ran off its foot once they went back under it.)
  function plainCaption() {
    const caption = $("sb-stage").querySelector(".evidence figcaption");
    if (!caption) return;
    caption.classList.remove("beside");
    caption.style.removeProperty("font-size");
    caption.style.removeProperty("width");
  }
  function fitCaption() {
    const stage = $("sb-stage");
    const caption = stage.querySelector(".evidence figcaption");
    const img = caption && caption.parentElement.querySelector("img");
    if (!img || !img.complete) return;
    plainCaption();
    // (Cut: the stage's words pushed further past its foot than they were, or a message cut short.)
    const foot = stage.getBoundingClientRect().bottom - parseFloat(getComputedStyle(stage).paddingBottom);
    const past = () => Math.max(...[...stage.querySelectorAll(".message, .losses, .evidence")].map((el) => el.getBoundingClientRect().bottom - foot));
    const room = Math.max(past(), 0) + 0.01;
    const cut = () => past() > room || stage.scrollHeight > stage.clientHeight + 1 ||
      [...stage.querySelectorAll(".message")].some((m) => m.scrollHeight > m.clientHeight + 1);
    // (The photo, the dice and the words as large as they were, the photo on its line: beside an
    // open's hands, not sent under them.)
    const size = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height].map(Math.round).join(); };
    const parts = () => [Math.round(img.getBoundingClientRect().top)]
      .concat([img, ...stage.querySelectorAll(".hands, .shown, .losses, .message")].map(size)).join(";");
    if (cut()) return;
    const before = parts();
    const edge = stage.getBoundingClientRect().right - parseFloat(getComputedStyle(stage).paddingRight);
    // (Beside it on one line, else a word a line: "under" over "the" over "cup".)
    caption.classList.add("beside");
    for (const vh of CAPTION_VH) {
      caption.style.fontSize = `${vh}vh`;
      for (const width of ["max-content", "min-content"]) {
        caption.style.width = width;
        if (caption.getBoundingClientRect().right <= edge + 0.5 && !cut()) return;
      }
    }
    caption.classList.remove("beside");
    caption.style.removeProperty("width");
    for (const vh of CAPTION_VH) {
      caption.style.fontSize = `${vh}vh`;
      if (!cut() && parts() === before) return;
    }
    caption.style.removeProperty("font-size");
  }

  /* What a long name pushes below the stage (this round's calls, the last verdict) is not cut
     off: the stage's lines shrink together until they fit (down to 55%). An open's hands are
     fitted above (fitHands), a winner's name first (fitWords).
     A verdict's head (its big word and who plays next) is left out once shrinking it would take
     the next player's name under NAME_LEAST_VH: the rest of the verdict shrinks for it (eight
     players, a 40-letter name next, its verdict shrunk whole to 90%, stood 49 px high at 1080
     lines, to 80% under a pull's banner, 43 px). */
  function fitStage() {
    const stage = $("sb-stage");
    if (stage.querySelector("#verdict.has-hands")) return;
    const verdict = stage.querySelector(":scope > #verdict");
    const head = verdict && verdict.querySelector(":scope > .verdict-head");
    const next = head && head.querySelector(".who-next");
    const nextPx = next ? parseFloat(getComputedStyle(next).fontSize) : 0;
    const least = NAME_LEAST_VH * innerHeight / 100;
    let parts = [...stage.children];
    for (let fit = 1; fit > 0.55 && stage.scrollHeight > stage.clientHeight + 1; ) {
      fit -= 0.05;
      if (next && parts.includes(verdict) && nextPx * fit < Math.min(nextPx, least) - 0.05) {
        verdict.style.zoom = "";
        parts = parts.filter((el) => el !== verdict).concat([...verdict.children].filter((el) => el !== head));
      }
      parts.forEach((el) => { el.style.zoom = fit.toFixed(2); });
    }
  }

  /* A long name shrinks until it fits across its card (down to 40%, never below the tags'
     2.8vh, read from across the room) before it goes on more lines (wrapName) or, where the
     card cannot hold them, is cut with "…": cut at once, Bartholomew-Fitzgerald and
     Bartholomew-Featherstone were both "Bartholo…".
     A card whose tags wrap to more lines than it holds (a crowd's card of one in the shit who
     passed and answers), or run past its side (a partner's team beside NOT ON THE BOARD), keeps
     its name and score at their size (its tags at 3.7 vh took a crowd's names from 45 px down to
     32) and makes room for its tags first (TAG_ROOM, each step kept with the ones before it):
     the tags go on the score's line, set closer, then the life marker gives way. Of those it
     takes the first at which its tags stand largest, down to TAG_READ_VH (shrunk straight to
     2.2 vh under the score, a crowd's three tags stood 20 px, too small to read across a bar
     room). Past that the tags shrink to TAG_LEAST_VH, and only then its words shrink together
     until they fit, not cut at its top and foot. */
  const TAG_READ_VH = 2.8;        // 30 px at 1080 lines: read across the room
  const TAG_LEAST_VH = 2.2;       // 24 px at 1080 lines: a crowd card's tags were this size before
  const TAG_ROOM = ["tags-inline", "tags-tight", "marker-small"];
  // (A name too long for its line may take the marker's room whole: a crowd's card is too low
  // for three lines beside it.)
  const NAME_ROOM = [...TAG_ROOM, "marker-out"];
  const MARKER_KEPT = 0.8;        // of a card name's size: smaller than this, the marker gives way
  function fitPlayers() {
    // Whether a name runs past its card, to the fraction of a pixel: scrollWidth and clientWidth
    // are whole pixels, and "Fitzgerald" half a pixel too wide was cut to "Fitzgera…" unshrunk.
    const runsOver = (el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return text.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
    };
    document.querySelectorAll("#sb-players .player").forEach((card) => {
      const name = card.querySelector(".name");
      const base = parseFloat(getComputedStyle(name).fontSize);
      const least = Math.max(0.4, 0.028 * innerHeight / base);
      const text = [...name.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE);
      const whole = text ? text.data : "";
      const room = (steps) => NAME_ROOM.forEach((c, i) => card.classList.toggle(c, i < steps));
      // The name's size as seen once fitted with the first `steps` of TAG_ROOM taken; 0 when it
      // is cut with "…".
      const fitCardName = (steps) => {
        room(steps);
        name.style.removeProperty("font-size");
        name.classList.remove("wrapped");
        if (text) text.data = whole;
        for (let fit = 1; fit - 0.05 >= least - 1e-9 && runsOver(name); ) {
          fit -= 0.05;
          name.style.fontSize = `${(base * fit).toFixed(1)}px`;
        }
        if (runsOver(name)) wrapName(card, name, base, least * base, runsOver);
        return runsOver(name) ? 0 : parseFloat(getComputedStyle(name).fontSize);
      };
      // A name too long for its line makes room on its card as the tags do (TAG_ROOM): the tags
      // on the score's line, set closer, the life marker smaller. With its tags under it and the
      // marker as wide as ever, a 40-letter winner's name stood 30 px on three lines at a table
      // of eight, and at twelve, beside ANSWERS, it was cut to "Wolfeschlegelst…".
      // Where it is cut however much room it takes beside two tags or more at their size, it is
      // fitted beside them at TAG_READ_VH, and they are fitted after it as large as they then fit.
      const tags = card.querySelector(".tags");
      const tagged = [...tags.children];
      let nameSteps = 0;
      if (runsOver(name)) {
        const roomiest = () => {
          let most = fitCardName(0);
          nameSteps = 0;
          for (let steps = 1; steps <= NAME_ROOM.length && most < base - 0.05; steps++) {
            // (The marker, a player's lives at a glance, gives way only to a name that would
            // otherwise stand under MARKER_KEPT of its size or be cut: at six players
            // "Annabelle" and "Maximilian" hid their stars to stand 54 px rather than 46-51, and
            // Annabelle's came back when the turn moved on and its ▶ went.)
            if (NAME_ROOM[steps - 1] === "marker-out" && most >= MARKER_KEPT * base) break;
            const px = fitCardName(steps);
            if (px > most + 0.5) { nameSteps = steps; most = px; }
          }
          return most;
        };
        // (Not beside a single tag: a card's one tag keeps its 40 px and the name is cut.)
        if (!roomiest() && tagged.length > 1) {
          const read = TAG_READ_VH * innerHeight / 100;
          tagged.forEach((tag) => { tag.style.fontSize = `${Math.min(read, parseFloat(getComputedStyle(tag).fontSize)).toFixed(2)}px`; });
          roomiest();
        }
        fitCardName(nameSteps);
        tagged.forEach((tag) => tag.style.removeProperty("font-size"));
      }
      const who = card.querySelector(".who");
      // (A tag past the side of the card's words: the tags may stand on the score's line, out
      // of their own box, so not only the box's overflow.)
      const over = () => card.scrollHeight > card.clientHeight + 1 || tags.scrollWidth > tags.clientWidth + 1
        || tagged.some((tag) => tag.getBoundingClientRect().right > who.getBoundingClientRect().right + 1);
      if (tagged.length && over()) {
        const tagBase = parseFloat(getComputedStyle(tagged[0]).fontSize);
        const read = Math.min(tagBase, TAG_READ_VH * innerHeight / 100);
        const tagLeast = Math.min(tagBase, TAG_LEAST_VH * innerHeight / 100);
        const setTags = (px) => tagged.forEach((tag) => { tag.style.fontSize = `${px.toFixed(2)}px`; });
        // (In steps of 5% down to the least, as before, TAG_READ_VH itself tried too.)
        const sizes = [read, tagLeast];
        for (let px = tagBase; px > tagLeast + 0.05; px -= 0.05 * tagBase) sizes.push(px);
        sizes.sort((a, b) => b - a);
        // The largest size the tags fit at with the first `steps` of TAG_ROOM taken, or 0.
        const largest = (steps) => {
          room(steps);
          return sizes.find((px) => { setTags(px); return !over(); }) || 0;
        };
        // (No less room than the name took: it was fitted with it.)
        let best = { steps: nameSteps, px: tagLeast };
        for (let steps = nameSteps, most = 0; steps <= Math.max(nameSteps, TAG_ROOM.length) && most < tagBase; steps++) {
          const px = largest(steps);
          if (px > most + 0.01) { best = { steps, px }; most = px; }
        }
        // (Fitting at no size, the card keeps its plain layout and its words shrink, as before.)
        room(best.steps);
        setTags(best.px);
      }
      for (let fit = 1; fit > 0.55 && card.scrollHeight > card.clientHeight + 1; ) {
        fit -= 0.05;
        who.style.zoom = fit.toFixed(2);
      }
    });
  }

  /* A name too long for its card's line even at the least size (a 40-letter one, cut to
     "Wolfeschlegelstei…" at 31 px) goes onto up to CARD_NAME_LINES lines, as large as the card
     holds them: broken between its words, and a word still too long broken where its syllables
     meet, with a hyphen (DT.hyphenated). Where no size from its full one down to ``least`` fits
     the card, it stays on one line, cut with "…" as before. */
  const CARD_NAME_LINES = 3;
  function wrapName(card, name, base, least, runsOver) {
    const text = [...name.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE);
    if (!text) return;
    const line = () => parseFloat(getComputedStyle(name).lineHeight);
    const lines = () => Math.round(name.getBoundingClientRect().height / line());
    const size = (px) => { name.style.fontSize = `${px.toFixed(1)}px`; };
    // (The least size tried too, not only steps of 5% from the full one: a winner's card of
    // eight, WINNER under the name's three lines, held them at 30 px, not at the step of 32.)
    const sizes = [];
    for (let px = base; px > least + 1e-9; px -= 0.05 * base) sizes.push(px);
    sizes.push(least);
    const fits = () => sizes.some((px) => {
      size(px);
      return lines() <= CARD_NAME_LINES && !runsOver(name) && card.scrollHeight <= card.clientHeight + 1;
    });
    const whole = text.data;
    name.classList.add("wrapped");
    if (fits()) return;
    text.data = hyphenated(whole);
    if (fits()) return;
    text.data = whole;
    name.classList.remove("wrapped");
    size(least);
  }

  function moneyLine(s) {
    const bits = [];
    if (typeof s.pot === "number") bits.push(`<span>foul pot <b id="pot">${money(s.pot)}</b></span>`);
    const stake = s.stake ?? (s.options && s.options.stake);
    if (stake) bits.push(`<span>stakes <b>${money(stake)}</b> × ${s.players.length} = <b id="stakes">${money(stake * s.players.length)}</b></span>`);
    if (Array.isArray(s.teams) && s.teams.some((t) => t.players.length > 1)) {
      // The teams of partners side by side, each in its cards' colour. A player alone is not
      // repeated here (their card's big number is their side's score): with four of them in a
      // crowd the strip took a third line off the cards, which shrank every card's words.
      bits.push(`<span class="team-strip" id="team-strip">${s.teams.filter((t) => t.players.length > 1).map((t) =>
        `<span class="team-chip team-${teamColour(s.teams, t.name)}" data-team="${esc(t.name)}">${esc(t.name)} <b>${esc(t.score.toLocaleString("en"))}</b></span>`).join("")}</span>`);
    }
    if (s.rounds && s.round && s.over) {
      // The game's last payment moves the round counter on: at the end say how many rounds
      // were played, not "round 4 · after 3: the tie plays on" under a winner nobody tied.
      const played = s.round - 1;
      bits.push(`<span id="rounds">${played === s.rounds ? `all <b>${esc(s.rounds)}</b> rounds played`
        : played > s.rounds ? `<b>${esc(played)}</b> rounds played (${esc(s.rounds)} and the tie)`
        : `<b>${esc(played)}</b> of <b>${esc(s.rounds)}</b> rounds played`}</span>`);
    } else if (s.rounds && s.round) {
      // Past the last round tied leaders play on: say so rather than "round 12 of 10".
      bits.push(s.round <= s.rounds
        ? `<span id="rounds">round <b>${esc(s.round)}</b> of <b>${esc(s.rounds)}</b></span>`
        : `<span id="rounds">round <b>${esc(s.round)}</b> · after ${esc(s.rounds)}: the tie plays on</span>`);
    }
    if (s.direction && s.game) bits.push(`<span class="dir">${s.direction === "clockwise" ? "↻" : "↺"} ${esc(s.direction)}</span>`);
    return bits.join("");
  }

  function alerts(s) {
    const out = [];
    const d = s.device || {};
    if (d.camera === "lost") out.push(`<div class="alert alert-camera" id="camera-lost">CAMERA LOST${d.message ? ": " + told(d.message) : ""}</div>`);
    else if (d.message) out.push(`<div class="alert">${told(d.message)}</div>`);
    if (s.note) out.push(`<div class="alert alert-note">${told(s.note)}</div>`);
    return out.join("");
  }

  /* The idle screen's list of games, from the catalogue (it does not change while running). */
  function showGames() {
    fetch("/api/catalogue").then((r) => (r.ok ? r.json() : null)).then((data) => {
      const games = (data && data.games) || [];
      const list = $("sb-idle-games");
      const players = (g) => (g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}–${g.max_players}`) + " players";
      // When every game takes as many players, that is said once, not under each game.
      const same = games.length > 1 && games.every((g) => players(g) === players(games[0]));
      list.innerHTML = `<li class="idle-games-label">${same ? "games for " + esc(players(games[0])) : "games"}</li>` +
        games.map((g) => `<li class="idle-game" data-game="${esc(g.name)}"><b>${esc(g.title || title(g.name))}</b>` +
          (same ? "" : `<span>${esc(players(g))}</span>`) + `</li>`).join("");
      list.hidden = games.length === 0;
    }).catch(() => {});      // no list is better than a broken screen: the rest still says how
  }

  /* An open's verdict that does not fit even once its photo, the banner's note and the call's
     line have given way (fitHands: eight hands and a 40-letter name) is laid out again on a
     stage of half the screen, the players' cards fitted to their narrower columns: who lost and
     why is what the room looks at then. */
  const OPEN_WIDE = "open-wide";
  /* body[data-laid]: the number of the render whose fitting is finished, absent while a pass is
     still to come (a photo's load, a resize's re-render). Tests and kiosk screenshots wait on it
     rather than sleep. A photo of a render since replaced neither re-fits nor settles the page. */
  let renders = 0;
  let pending = 0;             // photo loads the current render still has to fit for
  let refit = 0;               // a resize's re-render, queued for the next frame
  const unsettled = () => { delete document.body.dataset.laid; };
  const settled = () => {
    if (pending || refit) return;
    document.body.dataset.laid = String(renders);
    document.body.dataset.measured = String(measured);
  };
  // (Also on an error: a photo that never loads has nothing more to fit.)
  function onceIn(img, fit) {
    const n = renders;
    pending += 1;
    const done = (e) => {
      img.removeEventListener("load", done);
      img.removeEventListener("error", done);
      if (n !== renders) return;
      pending -= 1;
      if (e.type === "load") fit();
      if (n === renders) settled();      // (fit may have rendered again, wide: that one settles)
    };
    img.addEventListener("load", done);
    img.addEventListener("error", done);
  }
  function render(s, wide = false) {
    renders += 1;
    pending = 0;
    unsettled();
    const app = $("app");
    app.classList.toggle(OPEN_WIDE, wide);
    const idle = !s.game;
    $("sb-idle").hidden = !idle;
    $("sb-main").hidden = idle;
    app.classList.toggle("idle", idle);
    $("sb-game").textContent = title(s.game);
    $("sb-money").innerHTML = moneyLine(s);
    $("sb-alerts").innerHTML = alerts(s);
    const players = s.players || [];
    const list = $("sb-players");
    list.className = `sb-players n${Math.min(players.length, 12)}`;
    app.classList.toggle("many", players.length >= 5);     // two columns of players
    app.classList.toggle("crowd", players.length >= 9);
    list.innerHTML = players.map((p) => playerCard(p, s)).join("");
    fitPlayers();
    $("sb-stage").innerHTML = stage(s);
    // (An open's photo already loaded is shown without its banner's rows before its hands are fitted.)
    const openPhoto = document.querySelector("#verdict.has-hands #evidence");
    if (openPhoto && openPhoto.complete) cutBanner(openPhoto);
    fitWords();
    if (!fitHands() && !wide) {
      render(s, true);
      return;
    }
    fitStage();
    fitCaption();
    hyphenBroken();
    const cupPhoto = document.querySelector("#verdict:not(.has-hands) #evidence, #final-evidence #evidence");
    if (cupPhoto && cupPhoto.complete) photoIn(cupPhoto);
    else if (cupPhoto) onceIn(cupPhoto, () => photoIn(cupPhoto));
    // An open's photo takes its width only once loaded, and may then wrap under the hands: fit
    // them again from full size.
    if (openPhoto && !openPhoto.complete) {
      onceIn(openPhoto, () => {
        plainCaption();
        cutBanner(openPhoto);
        if (!fitHands() && !wide && openPhoto.isConnected) {
          render(s, true);
          return;
        }
        fitCaption();
        hyphenBroken();
      });
    }
    app.dataset.game = s.game || "";
    app.dataset.toAct = s.to_act || "";
    app.dataset.call = s.call == null ? "" : (typeof s.call === "object" ? JSON.stringify(s.call) : String(s.call));
    app.dataset.over = s.over ? "1" : "0";
    app.dataset.ready = "1";
    settled();
  }

  let shown = DT.initial();
  const show = (s) => { shown = s; measured = 0; render(s); };
  // The stream's first state is, most often, the one the page was served with: laid out again,
  // the stage's every element was replaced under whoever was reading it (a browser test's box
  // came back empty), and a crowd's open was measured all over. A state as shown is left as is.
  const fromStream = (s) => { if (!DT.sameState(s, shown)) show(s); };
  // The fitted sizes are worked out for the screen's size: a display that changes it (a kiosk
  // browser going full screen after its first paint) gets them worked out again.
  addEventListener("resize", () => {
    unsettled();
    cancelAnimationFrame(refit);
    refit = requestAnimationFrame(() => { refit = 0; measured = 0; render(shown); });
  });

  show(shown);
  showGames();
  // The table gone (the Pi restarting, the Wi-Fi down): the wall says so once it has been
  // gone a few seconds, in words read across the room. Only a dot in the corner turned red,
  // and the last state stayed up as if the game went on. (A restart's reconnect is quicker.)
  const OFFLINE_AFTER_MS = 4000;
  let offline = 0;
  DT.follow(fromStream, (live) => {
    $("sb-live").classList.toggle("down", !live);
    if (live) {
      clearTimeout(offline);
      offline = 0;
      $("sb-offline").hidden = true;
    } else if (!offline) {      // (the browser's retries each report the stream down again)
      offline = setTimeout(() => { $("sb-offline").hidden = false; }, OFFLINE_AFTER_MS);
    }
  });
})();
