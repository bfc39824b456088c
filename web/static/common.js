/* Shared helpers for the scoreboard and the control page (no dependencies). */
"use strict";

const DT = (() => {
  const esc = (value) => String(value ?? "").replace(/[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

  /* Text to show, without bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069):
     one in a name ("\u202eBob") turned the rest of the line backwards, every verdict naming him
     included. Only for what is shown: a value sent back to the table must be the name itself. */
  const plain = (value) => String(value ?? "").replace(/[\u202A-\u202E\u2066-\u2069]/g, "");
  const shown = (value) => esc(plain(value));

  /* A message of the table's as HTML, shown (above), with each roll or call in it ("6-3",
     "1-1-3-3-3") in a span that keeps it on one line: Chromium broke "the dice show 6-3" after
     the hyphen, "6-" at a line's end and "3" under it, on the wall at 1920x1080 and on a phone.
     The text itself is the engine's, hyphens and all (copied or read aloud the same). */
  const CALL_RUN = /\d+(?:-\d+)+/g;
  function message(value) {
    const text = plain(value);
    let out = "", last = 0;
    for (const m of text.matchAll(CALL_RUN)) {
      out += esc(text.slice(last, m.index)) + `<span class="whole">${esc(m[0])}</span>`;
      last = m.index + m[0].length;
    }
    return out + esc(text.slice(last));
  }

  const PIPS = {
    1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
  };

  /* One die face as SVG. */
  function die(value, size = 64, cls = "") {
    const pips = (PIPS[value] || []).map(([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="9"/>`).join("");
    return `<svg class="die ${cls}" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${esc(value)}">` +
      `<rect x="4" y="4" width="92" height="92" rx="18"/>${pips}</svg>`;
  }

  const dice = (values, size, cls) => (values || []).map((v) => die(v, size, cls)).join("");

  /* What a game's named calls are called ({"kuriki": {"double-5": NAME, ...}}), as the engine
     names them in its verdicts (engine.kuriki.NAMED_ROLLS, embedded by the page): the call line
     named a roll from a list of its own here, and the verdict under it said "double-5". */
  let names = null;
  function callNames(game) {
    if (names === null) {
      const el = document.getElementById("call-names");
      try { names = (el && JSON.parse(el.textContent)) || {}; } catch (err) { names = {}; }
    }
    return names[game] || {};
  }
  const CALL_DICE = {
    "kuriki": [1, 2], "double-6": [6, 6], "double-5": [5, 5], "double-4": [4, 4],
    "double-3": [3, 3], "double-2": [2, 2], "double-1": [1, 1],
  };
  const ALIASES = { boxcars: "double-6", blackout: "double-6", "the-mime": "double-5", mime: "double-5",
    walnuts: "double-4", scouts: "double-3", nixons: "double-2", "snake-eyes": "double-1",
    "evil-eyes": "double-1", danzig: "double-1", mother: "double-1" };

  /* A call as the table says it: {big, small, dice}. */
  function call(game, value) {
    if (value === null || value === undefined || value === "") return null;
    if (typeof value === "object") {                       // liar's dice {count, face, zhai}
      const zhai = value.zhai ? " zhai" : "";
      return { big: `${value.count} × ${value.face}${zhai ? "" : "s"}`, small: zhai ? "zhai (no wilds)" : "", dice: [] };
    }
    const text = String(value);
    if (game === "kuriki") {
      const key = ALIASES[text.toLowerCase()] || text.toLowerCase();
      const name = callNames(game)[key];
      if (name && CALL_DICE[key]) {
        const d = CALL_DICE[key];
        return { big: name, small: `${d[0]}-${d[1]}`, dice: d };
      }
      if (/^\d\d$/.test(text) && text[0] !== text[1] && Number(text) > 12) {    // two-digit variant
        return { big: text, small: "", dice: [Number(text[0]), Number(text[1])] };
      }
      return { big: text, small: "pips", dice: [] };
    }
    if ((game === "mia" || game === "deceit") && /^[1-6][1-6]$/.test(text)) {
      const names = { "21": game === "mia" ? "Mia" : "2-1", "11": "1-1" };
      return { big: names[text] || text, small: names[text] ? text : "", dice: [Number(text[0]), Number(text[1])] };
    }
    return { big: text, small: "", dice: [] };
  }

  /* Follow the live state: calls onState(state) for each "state" event; onLive(bool). */
  // body[data-streamed]: the states the stream has brought and the page has taken, for tests to
  // wait on (counted across reconnections).
  let streamed = 0;
  function follow(onState, onLive) {
    const source = new EventSource("/api/events");
    source.addEventListener("state", (e) => {
      try { onState(JSON.parse(e.data)); } catch (err) { console.error(err); }
      streamed += 1;
      document.body.dataset.streamed = String(streamed);
    });
    source.onopen = () => onLive && onLive(true);
    source.onerror = () => {
      if (onLive) onLive(false);
      // The browser retries by itself, except after an HTTP error (a proxy's 502...): then a
      // wall display must still come back on its own.
      if (source.readyState === EventSource.CLOSED) setTimeout(() => follow(onState, onLive), 3000);
    };
    return source;
  }

  const initial = (id = "initial-state") => JSON.parse(document.getElementById(id).textContent);

  /* Whether two states say the same: the page's (Flask's tojson sorts its keys) and the
     stream's (in the engine's order) are compared key by key, not as text. */
  function sameState(a, b) {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameState(a[k], b[k]));
  }

  const title = (game) => ({ kuriki: "Kuriki", mia: "Mia", deceit: "Deceit", farkel: "Farkel",
    liars: "Liar's dice" }[game] || (game ? String(game) : "dicetable"));

  const money = (value) => (typeof value === "number" ? value.toFixed(2) : esc(value));

  /* Farkel: the best keep of the roll on the table ({dice, score} from the public state's
     best_keep), or null; the wall and the phone show it alike, under BEST_KEEP. */
  const BEST_KEEP = "best keep";
  const bestKeep = (s) => (s.game === "farkel" && s.phase === "rolled" && Array.isArray(s.roll) && s.roll.length
    && s.best_keep && Array.isArray(s.best_keep.dice) ? s.best_keep : null);

  /* A word a page had to break across lines (a 40-letter name with no space: on the wall the
     player to act, the next one, a winner, a hand, the verdict's words; on the phone the player
     to act, the roster, the verdict) is broken with a hyphen at the line's end, as a
     sign-writer would ("Wolfeschlegel-" over "steinhausen-"), not cut between two letters with
     nothing to say that the name goes on ("...bergerd" over "orffvoral" on a phone). Only a word
     already broken gets them (hyphenBroken): soft hyphens (U+00AD, shown only where a line
     breaks at one) where its syllables meet (syllableBreaks), none within three letters of its
     ends; only in the scripts written with hyphens (Chinese or Japanese breaks between its
     characters as it is). hyphenated(text) gives every long word of a text its soft hyphens,
     for a name laid out with them before it is measured. */
  const SHY = "\u00AD";
  const HYPHENATED = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]+$/u;
  function softHyphens(word) {
    const letters = word.match(/\p{L}\p{M}*|\p{M}+/gu) || [];
    if (letters.join("") !== word) return word;
    const breaks = new Set(syllableBreaks(letters));
    return letters.map((c, i) => (breaks.has(i) ? SHY : "") + c).join("");
  }

  /* Where a word may be broken with a hyphen: before the consonants that start a syllable, as
     a sign-writer reads it aloud ("Wol-fe-schle-gel-stein-hau-sen-ber-ger-dorff-vo-ral"), and
     never within three letters of either end. Broken between any two letters, the wall wrote
     "Wolfesc-" over "hlegel..." and "hausenb-" over "ergerdorff...", read as other names. The
     names are of any language: this is a rule of thumb, not a dictionary. Between two vowels
     it never breaks (a diphthong, "ei", "au"); between vowels with consonants between, it
     breaks before the last consonant, or the last two or three where a syllable can start
     with them ("-schle", "-stein", "-bra"); letters written together for one sound ("sch",
     "ck", "th") stay together. A word with no such place (no vowels to go by) may break
     anywhere three letters from its ends, as before: broken with a hyphen all the same.
     ``letters``: the word's letters, each with its marks; returns the indexes a break may come
     before. */
  const VOWELS = "aeiouyæøœαεηιουωаеёиоуыэюяіїє";
  const UNITS = ["tsch", "sch", "ch", "ck", "ph", "th", "sh", "gh", "qu", "sz", "cz"];
  // (Consonants a syllable can start with before an l or an r, Latin, Greek and Cyrillic.)
  const BEFORE_L_R = new Set(["b", "c", "d", "f", "g", "k", "p", "t", "v", "ch", "sch", "ph", "th", "sh",
    "β", "γ", "δ", "κ", "π", "τ", "φ", "θ", "χ", "б", "в", "г", "д", "к", "п", "т", "ф", "х"]);
  const onset = (units) => units.length === 1
    || (units.length === 2 && BEFORE_L_R.has(units[0]) && "lrλρлр".includes(units[1]))
    || (units.length === 2 && units[0] === "s" && "tpk".includes(units[1]))
    || (units.length === 3 && units[0] === "s" && "tpk".includes(units[1]) && units[2] === "r");
  function syllableBreaks(letters) {
    const low = letters.map((c) => c.normalize("NFD")[0].toLowerCase());
    const vowel = (i) => VOWELS.includes(low[i]);
    // The word as vowels and consonant units ({at, text}), each unit a sound's letters.
    const units = [];
    for (let i = 0; i < low.length; ) {
      const unit = vowel(i) ? low[i] : UNITS.find((u) => low.slice(i, i + u.length).join("") === u) || low[i];
      units.push({ at: i, text: unit, vowel: vowel(i) });
      i += unit.length;
    }
    const breaks = [];
    let cluster = [];
    let seenVowel = false;
    for (const u of units) {
      if (!u.vowel) { cluster.push(u); continue; }
      if (seenVowel && cluster.length) {
        let j = 0;
        while (!onset(cluster.slice(j).map((c) => c.text))) j += 1;
        breaks.push(cluster[j].at);
      }
      seenVowel = true;
      cluster = [];
    }
    const fine = breaks.filter((i) => i >= 3 && letters.length - i >= 3);
    if (fine.length) return fine;
    return letters.map((_, i) => i).filter((i) => i >= 3 && letters.length - i >= 3);
  }
  const hyphenated = (text) => text.split(/(\s+)/).map((w) => (w.length >= 7 && HYPHENATED.test(w) ? softHyphens(w) : w)).join("");
  /* The words in ``root`` laid out over more than one line get their soft hyphens (a text that
     has some already is left as it is). */
  function hyphenBroken(root) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let t = walk.nextNode(); t; t = walk.nextNode()) texts.push(t);
    texts.forEach((t) => {
      if (t.data.includes(SHY)) return;
      let data = t.data;
      const words = [...data.matchAll(/[\p{L}\p{M}]{7,}/gu)].filter((m) => HYPHENATED.test(m[0]));
      for (const m of words.reverse()) {
        const range = document.createRange();
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) data = data.slice(0, m.index) + softHyphens(m[0]) + data.slice(m.index + m[0].length);
      }
      if (data !== t.data) t.data = data;
    });
  }

  return { esc, plain, shown, message, die, dice, call, follow, initial, sameState, title, money, bestKeep, BEST_KEEP,
    SHY, HYPHENATED, softHyphens, hyphenated, hyphenBroken };
})();
