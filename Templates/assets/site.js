// Search as you type and sortable tables; plain JavaScript, and every page works without it.
"use strict";
(function () {
  function filterItems(input) {
    var scope = document.getElementById(input.getAttribute("data-filter"));
    if (!scope) return;
    var rows = scope.querySelectorAll("[data-search]");
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var text = row.getAttribute("data-search");
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    // A group whose items are all filtered out goes, heading and all.
    scope.querySelectorAll("[data-group]").forEach(function (group) {
      group.hidden = !group.querySelector("[data-search]:not([hidden])");
    });
    var table = scope.querySelector("table");
    if (table) table.hidden = shown === 0;
    var none = scope.querySelector(".no-matches");
    if (none) {
      none.hidden = !(words.length && shown === 0);
      none.textContent = "No items match \u201C" + input.value.trim() + "\u201D.";
    }
    // Switches that have left the page are listed, but are not items any more.
    var gone = scope.querySelectorAll(".switch-gone[data-search]");
    var goneShown = scope.querySelectorAll(".switch-gone[data-search]:not([hidden])").length;
    var total = rows.length - gone.length;
    var count = document.querySelector(".search .count");
    if (count) count.textContent = words.length ? (shown - goneShown) + " of " + total : total + " items";
  }

  document.querySelectorAll("input[data-filter]").forEach(function (input) {
    input.closest(".search").hidden = false;
    input.addEventListener("input", function () { filterItems(input); });
    filterItems(input);
  });

  function sortTable(table, column, header) {
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    var numeric = header.hasAttribute("data-numeric");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column] ? a.cells[column].getAttribute("data-sort") || "" : "";
      var y = b.cells[column] ? b.cells[column].getAttribute("data-sort") || "" : "";
      var order = numeric ? (parseFloat(x) || 0) - (parseFloat(y) || 0) : x.localeCompare(y);
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    table.querySelectorAll("thead th").forEach(function (th) { th.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.title = "Sort by " + header.textContent;
      while (header.firstChild) button.appendChild(header.firstChild);
      header.appendChild(button);
      button.addEventListener("click", function () { sortTable(table, column, header); });
    });
  });
})();
