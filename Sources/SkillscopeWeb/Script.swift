/// The pages' only script, served at `/static/app.js` (the Content-Security-Policy allows scripts from this origin
/// only).
///
/// It keeps the visitor's trail of opened files in `localStorage` (nothing leaves the browser) and links
/// the remix page for them; every text it shows goes through `textContent`, never HTML.
enum Script {
    static let app = """
        (function () {
          "use strict";
          var key = "skillscope.trail";
          var trail = [];
          try { trail = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { trail = []; }
          if (!Array.isArray(trail)) { trail = []; }
          var article = document.querySelector("article[data-file-id]");
          if (article) {
            var id = article.getAttribute("data-file-id");
            var title = article.getAttribute("data-title") || id;
            trail = trail.filter(function (file) { return file && file.id !== id; });
            trail.unshift({ id: id, title: title });
            trail = trail.slice(0, 20);
            try { localStorage.setItem(key, JSON.stringify(trail)); } catch (e) {}
          }
          var upload = document.getElementById("upload");
          var text = document.getElementById("text");
          if (upload && text && window.FileReader) {
            upload.addEventListener("change", function () {
              var file = upload.files && upload.files[0];
              if (!file || file.size > 1048576) { return; }
              var reader = new FileReader();
              reader.onload = function () { text.value = String(reader.result); };
              reader.readAsText(file);
            });
          }
          // The file page's own "Your trail" section: the files opened before this one, and the remix link.
          var list = document.getElementById("trail-files");
          if (list) {
            trail.forEach(function (file) {
              var item = document.createElement("li");
              var link = document.createElement("a");
              link.href = "/files/" + encodeURIComponent(file.id);
              link.textContent = String(file.title);
              item.appendChild(link);
              list.appendChild(item);
            });
            var remixHere = document.getElementById("trail-remix");
            if (remixHere) {
              remixHere.href = "/remix?files=" + trail.map(function (file) { return encodeURIComponent(file.id); }).join(",");
            }
          }
          var nav = document.getElementById("trail");
          if (!nav || trail.length === 0) { return; }
          nav.textContent = "";
          var label = document.createElement("span");
          label.textContent = "Your trail: ";
          nav.appendChild(label);
          trail.forEach(function (file) {
            var link = document.createElement("a");
            link.href = "/files/" + encodeURIComponent(file.id);
            link.textContent = String(file.title);
            nav.appendChild(link);
            nav.appendChild(document.createTextNode(" · "));
          });
          if (trail.length >= 2) {
            var remix = document.createElement("a");
            remix.id = "remix-link";
            remix.href = "/remix?files=" + trail.map(function (file) { return encodeURIComponent(file.id); }).join(",");
            remix.textContent = "Remix from these " + trail.length + " files";
            nav.appendChild(remix);
            nav.appendChild(document.createTextNode(" "));
          }
          var clear = document.createElement("button");
          clear.type = "button";
          clear.textContent = "Clear trail";
          clear.addEventListener("click", function () { localStorage.removeItem(key); nav.textContent = ""; });
          nav.appendChild(clear);
        })();
        """
}
