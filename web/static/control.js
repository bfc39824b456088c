/* The control page: run the game from a phone. Every change goes through the JSON API with the
   session's CSRF token; the event stream keeps the page in step with the table. */
"use strict";

(() => {
  // A wrong PIN answers the form's POST with this page: let the history hold /table instead,
  // so Back or a reload never asks to send the PIN form again (Chrome: ERR_CACHE_MISS).
  if (location.pathname.startsWith("/table/")) history.replaceState(null, "", "/table");
  const { esc, plain, shown, message: told, die, dice, call, title, bestKeep, BEST_KEEP } = DT;
  const $ = (id) => document.getElementById(id);
  const app = $("app");
  const authorised = app.dataset.authorised === "1";
  const hasCamera = app.dataset.camera === "1";
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const catalogue = JSON.parse($("catalogue").textContent) || [];
  let state = DT.initial();
  let entering = null;        // the action whose dice are being entered (#ctl-entry open)
  let flags = {};             // toggles for call variants: reverse (Kuriki), blind (Mia)
  let callCount = null;       // liar's dice: the count the stepper shows (null: the lowest legal)
  let stepped = false;        // ... and whether the player chose it (else a toggle starts it again)

  const UNREACHABLE = "the table cannot be reached: check the Wi-Fi";

  /* While the event stream is down the page may be out of date: say so; once it is back (the
     state comes with it) a left-over "cannot be reached" goes. */
  function showLive(live) {
    $("ctl-offline").hidden = live;
    app.dataset.live = live ? "1" : "0";
    if (live && $("ctl-error").textContent === UNREACHABLE) showError("");
  }

  function showError(message) {
    const box = $("ctl-error");
    box.innerHTML = told(message);
    box.hidden = !message;
  }

  /* A double tap sends once: no tap counts while a change is on its way, and a second tap on
     the same thing within REPEAT_MS of the first is taken for the double tap's other half (a
     foul, an undo or a Farkel keep would otherwise count twice). */
  const REPEAT_MS = 800;
  let busy = false;
  let lastTap = { key: null, at: -Infinity };

  function tap(key) {
    const now = performance.now();
    if (busy || (key === lastTap.key && now - lastTap.at < REPEAT_MS)) return false;
    lastTap = { key, at: now };
    return true;
  }

  async function send(url, body) {
    if (busy) return null;
    busy = true;
    app.dataset.busy = "1";
    try {
      const answer = await post(url, body);
      if (answer === null) lastTap = { key: null, at: -Infinity };   // refused: try again at once
      return answer;
    } finally { busy = false; app.dataset.busy = "0"; }
  }

  async function post(url, body) {
    showError("");
    let response;
    try {
      response = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: body === undefined ? "{}" : JSON.stringify(body),
      });
    } catch (err) {
      showError(UNREACHABLE);
      return null;
    }
    let data = null;
    try { data = await response.json(); } catch (err) { data = null; }
    if (response.status === 401 && !(data && /too many/.test(data.error || ""))) {
      // The PIN was changed (or the session lost): the page asks for it again, rather than
      // keep offering buttons that are all refused with talk of headers and CSRF tokens.
      location.replace("/table");
      return null;
    }
    if (!response.ok) {
      showError(withHint(body, data, (data && data.error) || `refused (${response.status})`));
      return null;
    }
    return data;
  }

  /* Mia at a camera table: a call tapped before the camera saw the dice settle is refused (code
     "not_settled", web.services.DiceNotSettled: the code, not the words, which may change), since
     with "blind raise" unticked it is a roll ("blind": false, sent only where a blind raise may be
     made). A player who meant to raise without rolling is told how. (Not when the camera is lost:
     the table refuses a blind raise then too, and sends no code.) */
  function withHint(body, data, message) {
    if (body && body.do === "declare" && body.blind === false && data && data.code === "not_settled") {
      return `${message}: if you meant to raise without rolling, tick "${FLAG_LABEL.blind}" and tap the call again`;
    }
    return message;
  }

  async function act(action, { showVerdict = false } = {}) {
    if (!tap(JSON.stringify(action))) return;
    const since = heard;
    const before = JSON.stringify(state.verdict ?? null);
    const s = await send("/api/actions", action);
    if (s) {
      flags = {}; callCount = null; stepped = false; closeEntry(); renderUnlessOlder(s, since);
      // Dice sent from the entry, far down the page: the verdict they brought is at the top.
      const verdict = $("ctl-verdict");
      if (showVerdict && verdict && JSON.stringify(state.verdict) !== before) verdict.scrollIntoView({ block: "center" });
    }
  }

  /* --- status (everyone sees it) --- */
  // Farkel partners: the teams that have more than one player (a player alone needs no tag).
  const partnerTeams = (s) => (Array.isArray(s.teams) ? s.teams : []).map((t, i) => ({ ...t, index: i }))
    .filter((t) => t.players.length > 1);
  // Every partner of a winning team won; otherwise the one winner.
  const won = (p, s) => (Array.isArray(s.winners) ? s.winners.includes(p.name) : s.winner === p.name);
  const points = (n) => (typeof n === "number" ? n.toLocaleString("en") : n);

  /* The direction of play and who plays next: the wall shows the direction in a corner, the
     phone showed neither, and play turns round (a believed 2-1 in Deceit, a Kuriki's reverse).
     From the public state only (seats, who is out, the direction): nothing hidden. */
  const ARROW = { clockwise: "↻", "counter-clockwise": "↺" };
  const other = (d) => (d === "clockwise" ? "counter-clockwise" : "clockwise");
  // Deceit: a standing 2-1 turns play round as soon as the player to act believes it (raises).
  const twoOneStands = (s) => s.game === "deceit" && s.call === "21" && !s.target;

  function sideOf(s, name) {
    const team = (Array.isArray(s.teams) ? s.teams : []).find((t) => (t.players || []).includes(name));
    return team ? team.players : [name];
  }

  /* Who plays after the player to act, going round in `direction`: a string, null for nobody
     (the game's last turn), undefined if it cannot be told. */
  function nextPlayer(s, direction) {
    const players = s.players || [];
    const n = players.length;
    const step = direction === "counter-clockwise" ? -1 : 1;
    // Deceit's 11: the player it names accepts or pulls, and either way the round ends; the
    // player after its caller begins the next one.
    const from = s.game === "deceit" && s.target && s.answers ? s.answers : s.to_act;
    const at = players.findIndex((p) => p.name === from);
    if (at < 0) return undefined;
    // Farkel's final round: the reacher's side has no more turns, and once it comes round to
    // the reacher the game is over.
    const done = s.game === "farkel" && s.final_round && s.final_by ? sideOf(s, s.final_by) : [];
    for (let k = 1; k < n; k++) {
      const p = players[(((at + step * k) % n) + n) % n];
      if (done.length && p.name === s.final_by) return null;
      if (!p.out && !done.includes(p.name)) return p.name;
    }
    return undefined;
  }

  function playOrder(s) {
    if (s.over || !s.to_act || !ARROW[s.direction]) return "";
    const turned = Boolean(s.options && s.options.direction && s.options.direction !== s.direction);
    const way = `<span class="dir" id="ctl-direction" data-direction="${esc(s.direction)}"><span class="arrow" aria-hidden="true">${ARROW[s.direction]}</span> ` +
      `${esc(s.direction)}</span>${turned ? ` <span class="turned">(turned round)</span>` : ""}`;
    let next;
    // Turning round: believing a standing 2-1 (Deceit), or "reverse direction" ticked (the
    // Kuriki roller's choice, for his call): the next player is the one the other way round.
    const round = twoOneStands(s) ? "believing the 2-1" : flags.reverse ? "reversing" : "";
    if (s.game === "liars" && flags.bounce && s.answers) {
      // Liar's dice' bounce back (ticked): the call goes back to the player who made the last.
      next = `bounced back: <span class="next">next <b id="ctl-next">${shown(s.answers)}</b></span>`;
    } else if (round) {
      const after = nextPlayer(s, other(s.direction));
      next = after ? `${round} turns play round ${ARROW[other(s.direction)]}: <span class="next">next <b id="ctl-next">${shown(after)}</b></span>` : "";
    } else {
      const after = nextPlayer(s, s.direction);
      next = after === null ? `<span id="ctl-next" class="last">the game's last turn</span>`
        : after ? `<span class="next">next: <b id="ctl-next">${shown(after)}</b></span>` : "";
    }
    return `<p class="order" id="ctl-order">${way}${next ? ` · ${next}` : ""}</p>`;
  }

  function renderStatus(s) {
    if (!s.game) { $("ctl-status").innerHTML = `<h1>No game on</h1>`; return; }
    const c = call(s.game, s.call);
    const teams = partnerTeams(s);
    const people = (s.players || []).map((p) => {
      const n = p.lives ?? p.chips ?? p.score;
      const team = teams.find((t) => t.name === p.team);
      const cls = [p.out && "out", s.to_act === p.name && "to-act", s.over && won(p, s) && "won"].filter(Boolean).join(" ");
      return `<li class="${cls}" data-name="${esc(p.name)}"${team ? ` data-team="${esc(team.name)}"` : ""}><b>${shown(p.name)}</b> <span>${esc(points(n))}</span>` +
        (team ? ` <small class="team-tag team-${team.index % 6}">${shown(team.name)}</small>` : "") +
        `${p.kurikis ? ` <span class="crowns">♛${p.kurikis}</span>` : ""}${p.fouls ? ` <span class="fouls">F${p.fouls}</span>` : ""}</li>`;
    }).join("");
    // The teams' scores, which decide the game, above the players' own.
    const teamLine = teams.length ? `<ul class="teams" id="ctl-teams">${teams.map((t) =>
      `<li class="team-${t.index % 6}" data-team="${esc(t.name)}"><b>${shown(t.name)}</b> <span>${esc(points(t.score))}</span></li>`).join("")}</ul>` : "";
    const rounds = s.rounds && s.round ? ` <span class="muted" id="ctl-rounds">· round ${esc(s.round)} of ${esc(s.rounds)}</span>` : "";
    // The last verdict is the news until the next call; once a call stands it is the round
    // before's, and says so (the wall's "last:"): the phone showed it as if it had just happened.
    // Farkel has no call: its every verdict (a farkle, a bank) ended a turn, and the next
    // player's is under way ("Ann banks 150" stood over Bob's rolls as his news).
    // A foul (Kuriki) ends no round: the call stands and the same player is to act. It is what
    // just happened in this round ("Last round: FOUL! Cy: disrespect" stood under Cy's call).
    const farkel = s.game === "farkel";
    const past = Boolean(s.verdict && (s.call || farkel) && !s.over && s.verdict.outcome !== "foul");
    const v = s.verdict ? `<p class="verdict outcome-${esc(s.verdict.outcome)}${past ? " past" : ""}" id="ctl-verdict">` +
      `${past ? `<span class="label">${farkel ? "Last turn:" : "Last round:"}</span> ` : ""}${told(s.verdict.message)}</p>` : "";
    // Partners win together: "Ann & Cy win".
    const together = Array.isArray(s.winners) && s.winners.length > 1;
    const head = s.over ? `<h1 class="winner">${shown(s.winner)} ${together ? "win" : "wins"}</h1>`
      : `<h1><span class="muted">${esc(title(s.game))}:</span> <span id="ctl-to-act">${shown(s.to_act || "")}</span> to act${rounds}</h1>`;
    // Deceit's 11 names the player who must accept or pull it (the wall said so, the phone not).
    const callLine = c ? `<p class="call">Call: <b>${esc(c.big)}</b>${c.small ? ` (${esc(c.small)})` : ""}` +
      `${s.target ? ` on <b class="target">${shown(s.target)}</b>` : ""}` +
      // Liar's dice' bounce back: the call was handed back to the player now to act, two more
      // (the phone said only "Cy answers for it", as for any raise).
      (s.bounced && s.answers ? ` · <span id="ctl-bounced">bounced back by <b>${shown(s.answers)}</b>, who answers for it</span>`
        : s.answers ? ` · <b>${shown(s.answers)}</b> answers for it` : "") + `</p>` : "";
    // Farkel: the turn so far, which the bank button would bank, and the roll the keeps are
    // picked from (the phone showed neither: its holder had to turn round to the wall).
    // With High Stakes ticked the roll takes over the dice the last player left, not six: the
    // count follows the box ("6 dice to roll" stood over a roll of 3).
    const takeOver = s.game === "farkel" && flags.high_stakes === true && s.high_stakes &&
      (s.legal || []).some((a) => a.do === "roll" && a.high_stakes === true);
    const toRoll = takeOver ? s.high_stakes.dice : s.dice_left;
    const turn = s.game === "farkel" && !s.over ? `<p class="call" id="ctl-turn">Turn total <b>${esc(points(s.turn_total ?? 0))}</b>` +
      (s.phase === "rolled" && Array.isArray(s.roll) && s.roll.length ? ` · rolled <span class="turn-dice">${dice(s.roll, 26)}</span>`
        : (toRoll ? ` · <span id="ctl-to-roll" data-dice="${esc(toRoll)}">${esc(toRoll)} ${toRoll === 1 ? "die" : "dice"} to roll` +
          `${takeOver ? " (High&nbsp;Stakes)" : ""}</span>` : "")) + `</p>` : "";
    // ... and the roll's best keep, as the wall shows it: the player choosing a keep holds the phone.
    const best = s.over ? null : bestKeep(s);
    const bestLine = best ? `<p class="call" id="ctl-best-keep" data-dice="${esc(best.dice.join(","))}"><span class="label">${BEST_KEEP}</span> ` +
      `<span class="turn-dice">${dice(best.dice, 26)}</span> <b class="pts">${esc(best.score)}</b></p>` : "";
    // What the table asks for (the referee's notes: "I cannot read the dice: show them again",
    // "I see 2 dice but 6 are to be rolled", a dropped die's count): the wall showed it, and
    // the phone in hand only answered a tap with "the dice have not settled".
    const note = s.note ? `<p class="ctl-note" id="ctl-note" role="status">${told(s.note)}</p>` : "";
    const camera = s.device && s.device.camera === "lost" ? `<p class="ctl-error">Camera lost${s.device.message ? ": " + told(s.device.message) : ""}</p>` : "";
    // Liar's dice, no call yet: the round's lowest first calls, as the wall shows them. The
    // phone showed only the stepper at the non-zhai lowest (six for four players), the 1s and
    // the zhai calls, lower, behind the zhai box, and said nothing of either.
    const m = s.game === "liars" && !s.call && !s.over && s.minimums && s.minimums.plain > 1 ? s.minimums : null;
    // (Each call kept on one line: "6×" ended one line and "1s" began the next. The non-zhai
    // call of any face, as the table says it: "6×" stood with nothing after it.)
    const least = m ? `<p class="call" id="ctl-least">First call at least <b>${esc(m.plain)}×&nbsp;any&nbsp;face</b> · ` +
      `${esc(m.zhai)}×&nbsp;zhai · ${esc(m.ones)}×&nbsp;1s <span class="muted">(1s and zhai: tick&nbsp;zhai)</span></p>` : "";
    // Farkel, High Stakes: the dice left are on offer but the player to act cannot put up the
    // stake. The phone offered a plain roll and said nothing of the dice left or why.
    const hs = s.high_stakes;
    const me = (s.players || []).find((p) => p.name === s.to_act);
    const noStake = s.game === "farkel" && !s.over && s.phase === "start" && hs && hs.stake && me &&
      !(s.legal || []).some((a) => a.do === "roll" && a.high_stakes === true);
    const stakeLine = noStake ? `<p class="call" id="ctl-no-stake">High Stakes: the ${esc(hs.dice)} ${hs.dice === 1 ? "die" : "dice"} left ` +
      `for ${esc(points(hs.points))} points ask <b>${esc(points(hs.stake))}</b> put up; ${shown(me.name)} has ${esc(points(me.score))}: ` +
      `six dice to roll</p>` : "";
    $("ctl-status").innerHTML = head + playOrder(s) + camera + note + callLine + least + stakeLine + turn + bestLine + v + teamLine + `<ul class="roster">${people}</ul>`;
  }

  /* --- the legal actions as big buttons --- */
  const FLAG_LABEL = { reverse: "reverse direction", blind: "blind raise (no roll)", high_stakes: "High Stakes",
    zhai: "zhai (ones are not wild)", bounce: "bounce back (two more, back to the caller)" };
  // Liar's dice's bounce back names the player it goes back to (the one who answers for the call).
  const flagLabel = (s, k) => (k === "bounce" && s.answers ? `bounce back to ${shown(s.answers)} (two more)`
    : esc(FLAG_LABEL[k] || k));
  const EXTRA = ["by", "do", "call", "target", "dice", "count", "face"];

  function variantFlags(a) {
    return Object.keys(a).filter((k) => !EXTRA.includes(k) && a[k] === true);
  }

  /* A Farkel keep of three dice or more takes the row's whole width: in half of it at 390 px its
     dice did not fit beside the word. */
  const wide = (a) => a.do === "keep" && Array.isArray(a.dice) && a.dice.length > 2;

  function actionLabel(s, a) {
    const verb = a.do;
    if (verb === "declare" || verb === "call") {
      const c = call(s.game, a.call ?? (a.count !== undefined ? { count: a.count, face: a.face, zhai: a.zhai } : null));
      let label = c ? esc(c.big) + (c.small ? `<small>${esc(c.small)}</small>` : "") : esc(verb);
      if (a.target) label += `<small>→&nbsp;${esc(a.target)}</small>`;   // the arrow stays with the name
      return label;
    }
    // (The dice kept whole beside the word: two of them wrapped under "keep" on a 390 px phone.)
    if (verb === "keep" && a.dice) return `keep <span class="keep-dice">${dice(a.dice, 28)}</span>`;
    if (verb === "roll" && a.high_stakes) {
      // What taking over the dice gets, and what it puts at risk.
      const h = s.high_stakes;
      if (!h) return "roll (High Stakes)";
      return `roll (High Stakes)<small>${esc(h.dice)} ${h.dice === 1 ? "die" : "dice"} for ${esc(points(h.points))} points` +
        `${h.stake ? ` · puts up <b class="stake">${esc(points(h.stake))}</b>` : ""}</small>`;
    }
    if (verb === "roll" && (s.game === "kuriki" || s.game === "mia")) return "roll<small>take the cup</small>";
    // What accepting costs and what a pull puts at stake (a Mia, Deceit's 11): the rules
    // differ from every other call's, and the buttons said only "accept" and "pull".
    const stakes = acceptStakes(s);
    if (stakes && (verb === "accept" || verb === "pull")) return `${esc(verb)}<small>${stakes[verb]}</small>`;
    return esc(verb);
  }

  function acceptStakes(s) {
    if (!(s.legal || []).some((a) => a.do === "accept")) return null;
    if (s.game === "mia") return { accept: "lose 1 life", pull: "2 lives to whoever is wrong" };
    if (s.game === "deceit" && s.answers) {
      return { accept: `pay ${shown(s.answers)} 1 chip`, pull: "2 chips to whoever is wrong" };
    }
    return null;
  }

  function renderActions(s) {
    const box = $("ctl-actions");
    if (!box) return;
    if (!s.game || s.over) {
      box.innerHTML = `<p class="muted">${s.over ? "The game is over." : "No game yet."} Start one below.</p>`;
      return;
    }
    // With a camera a Kuriki is shown, not called: the referee declares a 1-2 itself (it never
    // seals one), and the table refuses the call from a page, so no button offers it.
    const legal = (s.legal || []).filter((a) => !(hasCamera && s.game === "kuriki" && a.do === "declare" && a.call === "kuriki"));
    // The virtual table, Kuriki and Mia: nothing is rolled for the next player until he takes the cup
    // (a roll the table keeps, not recorded); then the dice roll and settle, and he declares.
    if (s.take_cup && s.to_act) legal.unshift({ by: s.to_act, do: "roll" });
    // With a camera a call on the dice under the cup waits for them to settle (the table
    // refuses it before, "not settled"): held, and said, until the state says they have. Mia's
    // blind raise is made without rolling and goes at any time.
    const settling = hasCamera && s.dice_settled === false;
    const held = (a) => settling && a.do === "declare" && a.blind !== true;
    const flagKeys = [...new Set(legal.flatMap(variantFlags))];
    // Liar's dice: after a zhai call the raises stay zhai unless the player breaks zhai (three
    // more, non-zhai): the zhai box starts ticked then. Unticked, the phone offered only the
    // calls that break zhai, nine of a face over six 1s, and the raise everyone makes, seven,
    // was behind the box.
    const startsTicked = (k) => k === "zhai" && Boolean(s.call_detail && s.call_detail.zhai);
    flagKeys.forEach((k) => { if (!(k in flags)) flags[k] = startsTicked(k); });
    // A verb with flagged variants (a reversing or blind declare) shows the set the toggles pick.
    const hasVariant = (verb, k) => legal.some((b) => b.do === verb && b[k] === true);
    // ... but a bounce back is the standing call and two more, zhai or not as it is: ticked, it
    // shows whatever the zhai box says (after a zhai call, unticked zhai hid it, and ticking
    // "bounce back" left no call to tap).
    const visible = legal.filter((a) => (a.bounce === true && flags.bounce === true) || flagKeys.every((k) =>
      !hasVariant(a.do, k) || (a[k] === true) === flags[k]));
    const calls = visible.filter((a) => a.do === "declare" || a.do === "call");
    const others = visible.filter((a) => a.do !== "declare" && a.do !== "call");
    const toggles = flagKeys.map((k) => `<label class="toggle"><input type="checkbox" data-flag="${esc(k)}" ${flags[k] ? "checked" : ""}> <span>${flagLabel(s, k)}</span></label>`).join("");
    const button = (a, cls, label) => `<button type="button" class="${cls}"${held(a) ? ` disabled title="dice settling…"` : ""} data-action="${esc(JSON.stringify(a))}" data-do="${esc(a.do)}"${a.call !== undefined ? ` data-call="${esc(a.call)}"` : ""}${a.face !== undefined ? ` data-count="${esc(a.count)}" data-face="${esc(a.face)}"` : ""}${Array.isArray(a.dice) ? ` data-dice="${esc(a.dice.join(","))}"` : ""}>${label || actionLabel(s, a)}</button>`;
    // Liar's dice: a count stepper over every legal count (up to the table's top), then one
    // button per face for that count (a face that count would not raise is greyed).
    let callsHtml;
    if (calls.length && calls[0].face !== undefined) {
      const counts = calls.map((a) => a.count);
      const lo = Math.min(...counts), hi = Math.max(...counts);
      callCount = Math.min(hi, Math.max(lo, callCount ?? lo));
      const faces = [1, 2, 3, 4, 5, 6].filter((f) => calls.some((a) => a.face === f));
      callsHtml = `<div class="stepper"><button type="button" class="step" data-step="-1" aria-label="one die fewer" ${callCount <= lo ? "disabled" : ""}>−</button>` +
        `<output id="call-count" data-count="${callCount}">${callCount}×</output>` +
        `<button type="button" class="step" data-step="1" aria-label="one die more" ${callCount >= hi ? "disabled" : ""}>+</button></div>` +
        `<div class="face-grid">${faces.map((f) => {
          const a = calls.find((b) => b.face === f && b.count === callCount);
          return a ? button(a, "call-btn face-btn", die(f, 44))
            : `<button type="button" class="call-btn face-btn" disabled aria-label="${callCount} × ${f}: too low">${die(f, 44)}</button>`;
        }).join("")}</div>`;
    } else {
      callsHtml = `<div class="calls-grid">${calls.map((a) => button(a, "call-btn")).join("")}</div>`;
    }
    box.innerHTML = `<h2>${esc(s.to_act || "")}</h2>` +
      (others.length ? `<div class="verbs">${others.map((a) => button(a, `big verb verb-${a.do}${wide(a) ? " wide" : ""}`)).join("")}</div>` : "") +
      (toggles ? `<div class="toggles">${toggles}</div>` : "") +
      // A real tray: until the camera sees the dice stir (dice_rolled), nobody has rolled; the
      // calls wait for a roll, not for dice settling.
      (calls.some(held) ? `<p class="settling" id="ctl-settling" role="status">${s.take_cup
        ? `no dice under the cup yet: tap roll to take the cup, then declare once they settle${legal.some((a) => a.do === "declare" && a.blind === true)
          ? ` (to raise blind on the dice as they lie, tick "${FLAG_LABEL.blind}")` : ""}`
        : `${s.dice_rolled === false ? "not rolled yet: roll, then declare once the dice settle under the cup" : "dice settling…"}${legal.some((a) => a.do === "declare" && a.blind === true)
          ? ` (to raise without rolling, tick "${FLAG_LABEL.blind}")` : ""}`}</p>` : "") +
      (calls.length ? callsHtml : "") +
      (!legal.length ? `<p class="muted">Waiting for the table.</p>` : "");
    box.querySelectorAll("button[data-action]").forEach((b) =>
      b.addEventListener("click", () => choose(JSON.parse(b.dataset.action))));
    box.querySelectorAll("button[data-step]").forEach((b) =>
      b.addEventListener("click", () => { callCount += Number(b.dataset.step); stepped = true; renderActions(state); }));
    // Ticking zhai shows the zhai calls from their lowest: the count the stepper showed was the
    // plain calls' lowest (ten for eight players), and a tap on 1 called ten 1s, not eight.
    box.querySelectorAll("input[data-flag]").forEach((i) =>
      i.addEventListener("change", () => {
        flags[i.dataset.flag] = i.checked; if (!stepped) callCount = null;
        renderActions(state);
        // Who plays next changes with reverse and bounce; the dice to roll with High Stakes.
        if (["reverse", "bounce", "high_stakes"].includes(i.dataset.flag)) renderStatus(state);
      }));
  }

  /* --- dice entry for tables without a camera --- */
  function diceNeeded(s, a) {
    if (hasCamera) return null;
    const two = ["kuriki", "mia", "deceit"].includes(s.game);
    if (two && a.do === "pull") return { count: 2, preset: [], what: "the dice under the cup" };
    if (s.game === "kuriki" && a.do === "declare" && a.call === "kuriki") return { count: 2, preset: [1, 2], what: "the Kuriki shown" };
    if (s.game === "farkel" && a.do === "roll" && !a.dice) {
      const n = a.high_stakes && s.high_stakes ? s.high_stakes.dice : (s.dice_left || 6);
      return { count: n, preset: [], what: "the dice rolled" };
    }
    return null;
  }

  function choose(a) {
    // Mia: with "blind raise (no roll)" unticked a call is a roll, and says so ("blind": false).
    // Without the word a camera table that had not yet seen the dice settle took it for a blind
    // raise, judged at the pull on the dice the last player left; now it says they have not settled.
    if (a.do === "declare" && a.blind !== true && (state.legal || []).some((b) => b.do === "declare" && b.blind === true)) {
      a = { ...a, blind: false };
    }
    if (a.do === "open" && !hasCamera && !a.hands) return openHands(a);
    const need = diceNeeded(state, a);
    if (!need) return act(a);
    const values = need.preset.slice();
    const entry = $("ctl-entry");
    const draw = () => {
      let rows = "";
      for (let i = 0; i < need.count; i++) {
        rows += `<div class="picker" data-die="${i}">` + [1, 2, 3, 4, 5, 6].map((f) =>
          `<button type="button" class="face${values[i] === f ? " on" : ""}" data-die="${i}" data-face="${f}" aria-label="die ${i + 1}: ${f}">${die(f, 40)}</button>`).join("") + `</div>`;
      }
      const ready = values.filter(Boolean).length === need.count;
      entry.innerHTML = `<h2>${esc(a.do)}: ${esc(need.what)}</h2>${rows}` +
        `<div class="row"><button type="button" id="entry-send" class="big" ${ready ? "" : "disabled"}>Send ${esc(a.do)}</button>` +
        `<button type="button" id="entry-cancel" class="secondary">Cancel</button></div>`;
      entry.querySelectorAll("button.face").forEach((b) => b.addEventListener("click", () => {
        values[Number(b.dataset.die)] = Number(b.dataset.face); draw(); }));
      $("entry-send").addEventListener("click", () => act({ ...a, dice: values.slice(0, need.count) }, { showVerdict: true }));
      $("entry-cancel").addEventListener("click", closeEntry);
    };
    entry.hidden = false;
    entering = a;
    draw();
    entry.scrollIntoView({ block: "nearest" });
  }

  function openHands(a) {
    const alive = (state.players || []).filter((p) => !p.out).map((p) => p.name);
    const hands = Object.fromEntries(alive.map((n) => [n, [0, 0, 0, 0, 0]]));
    const entry = $("ctl-entry");
    const draw = () => {
      entry.innerHTML = `<h2>Open: every hand</h2>` + alive.map((n) => `<div class="hand-row"><b>${esc(n)}</b><span class="hand-dice">` +
        hands[n].map((v, i) => `<button type="button" class="cycle" data-name="${esc(n)}" data-i="${i}">${v ? die(v, 40) : "?"}</button>`).join("") + `</span></div>`).join("") +
        `<div class="row"><button type="button" id="entry-send" class="big">Open</button><button type="button" id="entry-cancel" class="secondary">Cancel</button></div>`;
      entry.querySelectorAll("button.cycle").forEach((b) => b.addEventListener("click", () => {
        const h = hands[b.dataset.name]; const i = Number(b.dataset.i); h[i] = h[i] % 6 + 1; draw(); }));
      $("entry-send").addEventListener("click", () => {
        if (Object.values(hands).some((h) => h.includes(0))) { showError("tap every die to its face first"); return; }
        act({ ...a, hands }, { showVerdict: true });
      });
      $("entry-cancel").addEventListener("click", closeEntry);
    };
    entry.hidden = false;
    entering = a;
    draw();
    // The hands are entered below the calls: on a phone, out of sight (the tap on open seemed
    // to do nothing), as the dice of a pull were before (choose).
    entry.scrollIntoView({ block: "nearest" });
  }

  function closeEntry() {
    entering = null;
    const entry = $("ctl-entry");
    if (entry) { entry.hidden = true; entry.innerHTML = ""; }
  }

  /* --- fouls, undo --- */
  function renderFoulPlayers(s) {
    const sel = $("foul-player");
    if (!sel) return;
    const current = sel.value;
    sel.innerHTML = (s.players || []).filter((p) => !p.out).map((p) =>
      `<option value="${esc(p.name)}">${esc(p.name)}</option>`).join("");
    if ([...sel.options].some((o) => o.value === current)) sel.value = current;
    $("ctl-fouls").hidden = s.game !== "kuriki" || s.over;
  }

  /* --- new game --- */
  function renderOptions() {
    const game = catalogue.find((g) => g.name === $("ng-game").value);
    const box = $("ng-options");
    if (!game) { box.innerHTML = ""; return; }
    box.innerHTML = `<legend>Options</legend>` + game.options.map((o) => {
      const id = `opt-${o.name}`;
      let input;
      if (typeof o.default === "boolean") {
        input = `<input type="checkbox" id="${id}" data-opt="${esc(o.name)}" data-kind="bool" ${o.default ? "checked" : ""}>`;
      } else if (o.choices) {
        input = `<select id="${id}" data-opt="${esc(o.name)}" data-kind="choice">${o.choices.map((c) =>
          `<option value="${esc(JSON.stringify(c))}" ${c === o.default ? "selected" : ""}>${esc(c)}</option>`).join("")}</select>`;
      } else if (typeof o.default === "number") {
        const step = Number.isInteger(o.default) ? 1 : 0.05;
        input = `<input type="number" id="${id}" data-opt="${esc(o.name)}" data-kind="${Number.isInteger(o.default) ? "int" : "float"}" value="${esc(o.default)}" step="${step}"` +
          `${o.minimum !== null && o.minimum !== undefined ? ` min="${o.minimum}"` : ""}${o.maximum !== null && o.maximum !== undefined ? ` max="${o.maximum}"` : ""}>`;
      } else if (o.name === "partners") {
        // Teams as text, "Ann + Cy; Bob + Dee"; a button fills in partners sitting opposite.
        return `<label class="opt opt-wide" for="${id}"><span>partners</span></label>` +
          `<input type="text" id="${id}" data-opt="partners" data-kind="teams" value="" placeholder="Ann + Cy; Bob + Dee" ` +
          `autocapitalize="words" autocorrect="off" spellcheck="false">` +
          `<p class="doc">Each team's names joined with <b>+</b>, teams split by <b>;</b> — names as in the players list. Empty: everyone plays alone. ` +
          `Partners take their own turns; their points add up.</p>` +
          `<button type="button" class="secondary" id="ng-partners-across">Partners sitting opposite</button>`;
      } else {
        input = `<input type="text" id="${id}" data-opt="${esc(o.name)}" data-kind="text" value="${esc(o.default)}">`;
      }
      return `<label class="opt" title="${esc(o.doc)}"><span>${esc(o.name.replace(/_/g, " "))}</span>${input}</label><p class="doc">${esc(o.doc)}</p>`;
    }).join("");
    const across = $("ng-partners-across");
    if (across) across.addEventListener("click", partnersAcross);
  }

  /* Partners sitting opposite each other (four players: 1st + 3rd, 2nd + 4th; six: 1st + 4th...),
     the usual way to seat teams. */
  function partnersAcross() {
    const names = playerNames();
    if (names.length < 4 || names.length % 2) { showError("partners sitting opposite need an even number of players, four or more"); return; }
    const half = names.length / 2;
    $("opt-partners").value = names.slice(0, half).map((n, i) => `${n} + ${names[i + half]}`).join("; ");
    showError("");
  }

  function readOptions() {
    const game = catalogue.find((g) => g.name === $("ng-game").value);
    const out = {};
    document.querySelectorAll("#ng-options [data-opt]").forEach((el) => {
      const spec = game.options.find((o) => o.name === el.dataset.opt);
      let value;
      switch (el.dataset.kind) {
        case "bool": value = el.checked; break;
        case "choice": value = JSON.parse(el.value); break;
        case "int": value = el.value === "" ? spec.default : parseInt(el.value, 10); break;
        case "float": value = el.value === "" ? spec.default : parseFloat(el.value); break;
        case "teams": value = el.value.trim() === "" ? spec.default : el.value; break;   // the engine reads the text
        default: value = el.value;
      }
      if (value !== spec.default) out[spec.name] = value;   // send only what differs
    });
    return out;
  }

  // One name a line, as the form says: a comma belongs to the name ("Smith, John").
  const playerNames = () => $("ng-players").value.split(/\r?\n/).map((n) => n.trim()).filter(Boolean);

  /* Each player rolls one die; ties roll again; the winner rolls first (the seating order is kept). */
  function rollOff() {
    const names = playerNames();
    if (names.length < 2) { showError("enter the players first"); return; }
    const rand = () => { const a = new Uint32Array(1); crypto.getRandomValues(a); return a[0] % 6 + 1; };
    let contenders = names.slice();
    const rounds = [];
    while (contenders.length > 1) {
      const rolls = contenders.map((n) => [n, rand()]);
      rounds.push(rolls.map(([n, v]) => `${esc(n)} ${v}`).join(", "));
      const best = Math.max(...rolls.map(([, v]) => v));
      contenders = rolls.filter(([, v]) => v === best).map(([n]) => n);
    }
    const first = contenders[0];
    const i = names.indexOf(first);
    $("ng-players").value = names.slice(i).concat(names.slice(0, i)).join("\n");
    $("ng-rolloff-result").innerHTML = rounds.map((r) => `<span>${r}</span>`).join("<br>") +
      `<br><b>${esc(first)}</b> rolls first and picks the direction.`;
  }

  /* Start while a game is in play ends that game for good (so does Start while an unfinished
     game could not be resumed at startup, its id in state.unresumed): the first tap only turns
     the button into "End the current game and start?" for CONFIRM_MS, and a second tap then
     starts. The second tap is taken only once REPEAT_MS have passed (the button is disabled until
     then), so a double tap never confirms. */
  const CONFIRM_MS = 5000;
  let confirmUntil = 0;
  let confirmTimer = 0;
  let enableTimer = 0;
  let armedFor = "";        // the id of the game the confirmation is for
  const inPlay = () => (Boolean(state.game) && !state.over) || state.unresumed != null;
  // The id of the game a new one would end: the game in play, or the one not resumed.
  const toEnd = () => (state.game && !state.over ? state.game_id : state.unresumed) ?? "";

  function disarmStart() {
    clearTimeout(confirmTimer);
    clearTimeout(enableTimer);
    confirmUntil = 0;
    const button = $("ng-start");
    button.textContent = "Start game";
    button.classList.remove("warn");
    button.disabled = false;
    delete button.dataset.armed;
  }

  function armStart() {
    const button = $("ng-start");
    button.textContent = "End the current game and start?";
    button.classList.add("warn");
    button.dataset.armed = "1";
    button.disabled = true;
    confirmUntil = performance.now() + CONFIRM_MS;
    armedFor = String(toEnd());
    clearTimeout(confirmTimer);
    clearTimeout(enableTimer);
    enableTimer = setTimeout(() => { if (button.dataset.armed) button.disabled = false; }, REPEAT_MS);
    confirmTimer = setTimeout(disarmStart, CONFIRM_MS);
  }

  async function startGame(event) {
    event.preventDefault();
    if (!tap("new-game")) return;
    const replace = inPlay();
    if (replace && !(confirmUntil && performance.now() < confirmUntil)) { armStart(); return; }
    const confirmed = armedFor;
    disarmStart();
    const header = { game: $("ng-game").value, players: playerNames() };
    const options = readOptions();
    if (Object.keys(options).length) header.options = options;
    // (Without ?replace the table refuses to end a game in play: one another phone started
    // since this page last heard is not ended unasked.)
    // With the game's id: a game another phone started since is refused, not ended.
    const created = await send(replace ? `/api/games?ending=${encodeURIComponent(confirmed)}` : "/api/games", header);
    if (created) {
      flags = {};
      const since = heard;
      const s = await fetch("/api/state", { credentials: "same-origin" }).then((r) => r.json());
      renderUnlessOlder(s, since);
      window.scrollTo(0, 0);
    }
  }

  /* A rematch is the usual next game: once a game is over, an empty new-game form is filled in
     with it (the game, the players in their seats, the options), so nobody types the names
     again. Only an empty form, and only a game that is over: a form filled in while a game is
     in play would end that game at one stray tap on Start. */
  let rematchFor = null;
  function offerRematch(s) {
    if (!s.over || !s.game || s.game_id === rematchFor || playerNames().length) return;
    if (!catalogue.some((g) => g.name === s.game)) return;
    rematchFor = s.game_id;
    $("ng-game").value = s.game;
    renderOptions();
    $("ng-players").value = (s.players || []).map((p) => p.name).join("\n");
    const options = s.options || {};
    document.querySelectorAll("#ng-options [data-opt]").forEach((el) => {
      const value = options[el.dataset.opt];
      if (value === undefined || value === null) return;
      switch (el.dataset.kind) {
        case "bool": el.checked = value === true; break;
        case "choice": if ([...el.options].some((o) => o.value === JSON.stringify(value))) el.value = JSON.stringify(value); break;
        case "teams": el.value = Array.isArray(value) ? value.map((t) => t.join(" + ")).join("; ") : String(value); break;
        default: el.value = value;
      }
    });
  }

  /* A state answered to a request may be older than one the event stream has brought since the
     request left (another phone acted meanwhile): then the stream's is shown, not this one. */
  let heard = 0;              // states heard on the event stream
  let rendered = 0;           // states laid out
  function renderUnlessOlder(s, since) {
    render(heard === since ? s : state);
  }

  function render(s) {
    // A variant toggle (blind raise, reverse) is one player's choice for one action: it must not
    // turn the next player's ordinary call into a blind raise.
    if (s.to_act !== state.to_act || s.game_id !== state.game_id) { flags = {}; callCount = null; stepped = false; }
    // A refusal speaks of the game as it was: once the game moves on (the dice settled and were
    // sent, another phone acted) it is out of date ("the dice have not settled" over the roll).
    if (s.version !== state.version && $("ctl-error").textContent !== UNREACHABLE) showError("");
    state = s;
    // Dice half entered for an action the table has moved past (another phone acted, a new
    // game began) would only be refused: put them away.
    const key = (a) => JSON.stringify(a);
    if (entering && !(s.legal || []).some((a) => key(a) === key(entering))) closeEntry();
    renderStatus(s);
    if (authorised) {
      renderActions(s);
      renderFoulPlayers(s);
      $("ng-warning").hidden = !s.game || s.over;
      $("ng-unresumed").hidden = s.unresumed == null || (Boolean(s.game) && !s.over);
      $("ng-unresumed-id").textContent = s.unresumed ?? "";
      if ($("ng-start").dataset.armed && !inPlay()) disarmStart();   // the game ended meanwhile
      offerRematch(s);
      // The virtual table has no camera to calibrate: its note instead of the preview, followed
      // as the state says (the table can turn out virtual after the page was made).
      if (hasCamera && $("virtual-note")) {
        $("virtual-note").hidden = !s.virtual;
        $("preview-card").hidden = Boolean(s.virtual);
      }
    }
    app.dataset.game = s.game || "";
    app.dataset.toAct = s.to_act || "";
    app.dataset.ready = "1";
    rendered += 1;
    document.body.dataset.rendered = String(rendered);   // (for tests: the layouts made so far)
  }

  /* A word too long for its line (a 40-letter name: the player to act, the roster, the verdict,
     the dice entry) is broken with a hyphen where its syllables meet, as on the wall
     (DT.hyphenBroken, common.js): the page's overflow-wrap broke it between any two letters
     with nothing to say so ("...bergerd" over "orffvoral"). What the page writes is looked at
     as it is written, before it is drawn, and the whole page again when the phone turns. */
  new MutationObserver((changes) => {
    const roots = new Set(changes.map((c) => (c.target.nodeType === Node.TEXT_NODE ? c.target.parentNode : c.target)));
    roots.forEach((root) => { if (root && root.isConnected) DT.hyphenBroken(root); });
  }).observe(app, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
  addEventListener("resize", () => DT.hyphenBroken(app));

  if (authorised) {
    $("foul-send").addEventListener("click", () =>
      act({ by: $("foul-player").value, do: "foul", kind: $("foul-kind").value }));
    $("undo").addEventListener("click", async () => {
      if (!tap("undo")) return;
      const since = heard;
      const s = await send("/api/undo", { version: state.version });   // refused if the game moved on
      if (s) renderUnlessOlder(s, since);
    });
    $("ng-game").addEventListener("change", renderOptions);
    $("ng-rolloff").addEventListener("click", rollOff);
    $("new-game").addEventListener("submit", startGame);
    // The browser's own check of the form (lives 0, a fine below its least) stops the submit and
    // says why beside the field: a refusal of an earlier tap, left standing above it, no longer
    // applies. ("invalid" does not bubble: heard on its way down.)
    $("new-game").addEventListener("invalid", () => showError(""), true);
    $("raw-form").addEventListener("submit", (e) => {
      e.preventDefault();
      let line;
      // A phone's keyboard types “smart” double quotes, which JSON does not know: they are taken
      // for the straight ones meant (a name holding one is rare; an apostrophe is left as typed).
      const typed = $("raw-line").value.replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"');
      try { line = JSON.parse(typed); } catch (err) { showError(`that is not valid JSON: ${err.message}`); return; }
      act(line);
    });
    renderOptions();
    // The forms' buttons come off until now (control.html): sent before, the form went the
    // browser's own way, a reload that lost what was typed.
    disarmStart();
    $("raw-send").disabled = false;
    if ($("preview-card")) {
      const refresh = async () => {
        const response = await fetch("/api/preview", { credentials: "same-origin", cache: "no-store" });
        const img = $("preview");
        if (!response.ok) {
          const data = await response.json().catch(() => null);
          $("preview-message").textContent = (data && data.error) || `no preview (${response.status})`;
          img.hidden = true;
          return;
        }
        if (img.src) URL.revokeObjectURL(img.src);
        img.src = URL.createObjectURL(await response.blob());
        img.hidden = false;
        $("preview-message").textContent = "";
      };
      $("preview-card").addEventListener("toggle", () => { if ($("preview-card").open) refresh(); });
      $("preview-refresh").addEventListener("click", refresh);
    }
  }
  render(state);
  // The stream's first state is, most often, the one the page was served with: laid out again, it
  // would replace the buttons under a thumb already on its way to one.
  DT.follow((s) => { heard += 1; if (!DT.sameState(s, state)) render(s); }, showLive);
})();
