import Hummingbird
import HTTPTypes

/// The page's style and script, shipped inside the binary and served from the server itself
/// (ARCHITECTURE.md §22): no third-party asset, nothing inline, so the page's policy can forbid
/// every other source. The script writes stored text only through `textContent`.
enum PageAssets {
    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=300"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Readable at 320 pixels and on a desktop: one column of at most 40 characters' width, large
    /// touch targets, the system's fonts and its light or dark scheme; a done step is struck
    /// through as well as ticked, never told by colour alone.
    static let css = """
        :root { color-scheme: light dark; --ink: #1b1b1b; --paper: #fdfdfb; --muted: #5c5c5c; --line: #d0d0c8; --focus: #1a56c4; }
        @media (prefers-color-scheme: dark) { :root { --ink: #ececec; --paper: #161616; --muted: #b0b0b0; --line: #3c3c3c; --focus: #8ab4ff; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--paper); color: var(--ink); font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
        main { max-width: 40rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
        h1 { font-size: 1.6rem; line-height: 1.2; margin: 0.5rem 0 0; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 1.75rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
        .by, .note, #progress { color: var(--muted); margin: 0.25rem 0; }
        #description { white-space: pre-wrap; overflow-wrap: anywhere; }
        ul { list-style: none; margin: 0; padding: 0; }
        #today li, #week li { padding: 0.3rem 0; overflow-wrap: anywhere; }
        .day { font-weight: 600; }
        #steps li { border-bottom: 1px solid var(--line); }
        #steps label { display: flex; gap: 0.75rem; align-items: center; min-height: 3rem; padding: 0.5rem 0; cursor: pointer; overflow-wrap: anywhere; }
        #steps input { width: 1.5rem; height: 1.5rem; flex: none; margin: 0; accent-color: var(--focus); }
        #steps input:checked + span { text-decoration: line-through; color: var(--muted); }
        #steps input:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        #status:empty { display: none; }
        #status { border: 1px solid var(--line); padding: 0.5rem 0.75rem; }
        """

    /// Ticks kept in this browser's local storage under the link's id, for the browser's own day:
    /// read on another day, they are gone (a checklist's local daily reset, ARCHITECTURE.md §5). The page follows the
    /// owner's edits through `/events`, keeping the ticks of steps that remain.
    static let script = """
        "use strict";
        (function () {
          var main = document.getElementById("routine");
          if (!main) { return; }
          var path = main.getAttribute("data-path");
          var key = "board.ticks." + main.getAttribute("data-link");

          function localDay() {
            var d = new Date();
            var two = function (n) { return (n < 10 ? "0" : "") + n; };
            return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
          }
          function readTicks() {
            try {
              var kept = JSON.parse(window.localStorage.getItem(key) || "{}");
              return kept.day === localDay() && Array.isArray(kept.steps) ? kept.steps : [];
            } catch (e) { return []; }
          }
          function writeTicks(steps) {
            try { window.localStorage.setItem(key, JSON.stringify({ day: localDay(), steps: steps })); } catch (e) {}
          }
          function stepBoxes() { return Array.prototype.slice.call(document.querySelectorAll("#steps input[type=checkbox]")); }
          function showProgress() {
            var boxes = stepBoxes();
            var done = boxes.filter(function (b) { return b.checked; }).length;
            document.getElementById("progress").textContent = boxes.length === 0 ? "No steps." : done + " of " + boxes.length + " done";
          }
          // Ticks of steps no longer on the routine go; the others stay, wherever their step moved.
          function wire() {
            var ticks = readTicks();
            var boxes = stepBoxes();
            var names = boxes.map(function (b) { return b.getAttribute("data-step"); });
            ticks = ticks.filter(function (t) { return names.indexOf(t) >= 0; });
            writeTicks(ticks);
            boxes.forEach(function (box) {
              box.disabled = false;
              box.checked = ticks.indexOf(box.getAttribute("data-step")) >= 0;
              box.onchange = function () {
                var now = readTicks().filter(function (t) { return t !== box.getAttribute("data-step"); });
                if (box.checked) { now.push(box.getAttribute("data-step")); }
                writeTicks(now);
                showProgress();
              };
            });
            showProgress();
          }
          function fill(list, lines, make) {
            while (list.firstChild) { list.removeChild(list.firstChild); }
            lines.forEach(function (line) { var li = document.createElement("li"); make(li, line); list.appendChild(li); });
          }
          function render(data) {
            document.getElementById("title").textContent = data.page.title;
            document.title = data.page.title + " \\u00b7 Board";
            document.getElementById("owner").textContent = data.owner;
            var description = document.getElementById("description");
            description.textContent = data.page.description;
            description.hidden = data.page.description === "";
            fill(document.getElementById("today"), data.todayRuns, function (li, line) { li.textContent = line; });
            var focused = document.activeElement && document.activeElement.getAttribute("data-step");
            fill(document.getElementById("steps"), data.page.steps, function (li, step) {
              var label = document.createElement("label");
              var box = document.createElement("input");
              box.type = "checkbox";
              box.setAttribute("data-step", step);
              var text = document.createElement("span");
              text.textContent = step;
              label.appendChild(box);
              label.appendChild(document.createTextNode(" "));
              label.appendChild(text);
              li.appendChild(label);
            });
            fill(document.getElementById("week"), data.week, function (li, day) {
              var name = document.createElement("span");
              name.className = "day";
              name.textContent = day.day;
              li.appendChild(name);
              li.appendChild(document.createTextNode(" " + day.runs));
            });
            wire();
            if (focused) {
              stepBoxes().forEach(function (b) { if (b.getAttribute("data-step") === focused) { b.focus(); } });
            }
          }
          function gone(words) {
            var status = document.getElementById("status");
            status.textContent = words;
            stepBoxes().forEach(function (b) { b.disabled = true; });
          }
          function refresh() {
            return fetch(path + ".json", { cache: "no-store", credentials: "omit" }).then(function (r) {
              if (r.status === 410 || r.status === 404) {
                return r.text().then(function (html) {
                  var doc = new DOMParser().parseFromString(html, "text/html");
                  gone(doc.body ? doc.body.textContent.trim() : "This link no longer opens the routine.");
                  return false;
                });
              }
              if (!r.ok) { return true; }
              return r.json().then(function (data) { render(data); return true; });
            }, function () { return true; });
          }
          var source = null;
          function listen() {
            source = new EventSource(path + "/events");
            source.addEventListener("moved", function () { refresh(); });
            source.onerror = function () {
              source.close();
              refresh().then(function (open) { if (open) { window.setTimeout(listen, 5000); } });
            };
          }
          // Fresh at the browser's midnight, even while the page stays open.
          function atMidnight() {
            var now = new Date();
            var next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 1);
            window.setTimeout(function () { wire(); atMidnight(); }, next.getTime() - now.getTime());
          }
          wire();
          atMidnight();
          listen();
        })();
        """
}
