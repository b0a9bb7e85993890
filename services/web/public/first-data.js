// The first screen's reads, started while the app's JavaScript still downloads (issue 18): who is signed
// in, then, only when someone is, the day's list, the daily plan with its top 3 and the clients. The app
// takes each answer once instead of asking again (src/api/firstAnswers.ts). Signed out it costs nothing:
// the app asks who is signed in first in any case. Plain script, no build step: index.html loads it
// before the app's modules run.
(function () {
  'use strict';
  // A shared task's page never asks who is signed in (DECISIONS 33). A page a service worker controls (a
  // repeat visit) starts from the answers it kept (src/api/firstAnswers.ts), and its reads go through the
  // worker, which keeps their answers for offline use.
  if (!window.fetch || location.pathname.indexOf('/share/') === 0) return;
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;

  var responses = {};
  window.__daybookFirstData = { startedAt: Date.now(), responses: responses };

  function get(path) {
    var url = location.origin + '/api/' + path;
    // The same request as the app's (src/api/baseApi.ts): cookies, never the HTTP cache, the CSRF header.
    var answer = fetch(url, { credentials: 'include', cache: 'no-store', headers: { 'x-daybook-csrf': '1', Accept: 'application/json' } });
    responses[url] = answer;
    return answer
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .catch(function () {
        return null; // offline: the app asks again itself
      });
  }

  // The dashboard shows Monday's list in weekend mode: isWeekendMode of @daybook/shared, from Friday 18:00
  // in the user's zone (firstData.test.ts checks that both agree). A wrong guess only costs one read.
  function weekendMode(timeZone) {
    var parts = {};
    new Intl.DateTimeFormat('en-US', { timeZone: timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' })
      .formatToParts(new Date())
      .forEach(function (part) {
        parts[part.type] = part.value;
      });
    return parts.weekday === 'Sat' || parts.weekday === 'Sun' || (parts.weekday === 'Fri' && Number(parts.hour) >= 18);
  }

  get('auth/user')
    .then(function (user) {
      if (!user || !user.id) return;
      get(weekendMode(user.timezone) ? 'tasks/monday' : 'tasks/today');
      get('clients');
      return get('daily-plan').then(function (plan) {
        (plan && plan.priorityTaskIds ? plan.priorityTaskIds : []).forEach(function (id) {
          get('tasks/' + encodeURIComponent(id));
        });
      });
    })
    .catch(function () {
      // A zone Intl does not know: the app reads the day's list itself.
    });
})();
