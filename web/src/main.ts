/** The browser client: routes by the URL's hash so every screen can be linked and reloaded. */
// First: zod reads this setting when the protocol's schemas are built, as their modules load.
import './zod-setup';
import './styles.css';
import { App, loadConfig } from './app';
import { replace } from './dom';
import { confirmEmailScreen } from './screens/confirm-email';
import { devicesScreen } from './screens/devices';
import { signInLinkScreen } from './screens/signin-link';
import { gameScreen } from './screens/game';
import { inviteScreen } from './screens/invite';
import { lobbyScreen } from './screens/lobby';
import { newGameScreen } from './screens/new-game';
import { leaderboardScreen } from './screens/leaderboard';
import { profileScreen } from './screens/profile';
import { settingsScreen } from './screens/settings';
import { signInScreen } from './screens/signin';
import { friendsScreen } from './screens/friends';
import { groupScreen } from './screens/group';
import { tournamentScreen } from './screens/tournament';
import { tournamentsScreen } from './screens/tournaments';

const safeDecode = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
};

function route(app: App): void {
  // Each screen may say more in the tab (a game: whose turn; the lobby: how many games wait for you).
  document.title = 'Caravela';
  const hash = location.hash || '#/';
  const [, screen = '', id = ''] = hash.split('/');
  let target = ''; // the game, or a confirmation link's token
  try {
    target = decodeURIComponent(id);
  } catch {
    // A link broken on its way (cut in the middle of an escape): the lobby instead of a dead page.
    location.hash = '#/';
    return;
  }
  // A confirmation link may be opened anywhere, signed in or not: the link itself is the proof.
  if (screen === 'confirm-email') {
    app.clearError();
    replace(app.main, confirmEmailScreen(app, target));
    app.main.focus({ preventScroll: true });
    return;
  }
  // Sign-in links too: an emailed one, or the code link another device shows.
  if (screen === 'signin' || screen === 'link') {
    app.clearError();
    replace(app.main, signInLinkScreen(app, screen === 'signin' ? 'email' : 'code', target));
    app.main.focus({ preventScroll: true });
    return;
  }
  if (!app.session) {
    replace(
      app.main,
      signInScreen(app, () => route(app)),
    );
    return;
  }
  app.clearError();
  switch (screen) {
    case 'new':
      replace(app.main, newGameScreen(app, target || undefined));
      break;
    case 'tournaments':
      replace(app.main, tournamentsScreen(app));
      break;
    case 'tournament':
      replace(app.main, tournamentScreen(app, target));
      break;
    case 'friends':
      replace(app.main, friendsScreen(app));
      break;
    case 'group':
      replace(app.main, groupScreen(app, target, safeDecode(hash.split('/')[3] ?? '')));
      break;
    case 'settings':
      replace(app.main, settingsScreen(app));
      break;
    case 'devices':
      replace(app.main, devicesScreen(app));
      break;
    case 'join':
      replace(app.main, inviteScreen(app, target));
      break;
    case 'game':
      replace(app.main, gameScreen(app, target));
      break;
    case 'player':
      replace(app.main, profileScreen(app, target));
      break;
    case 'leaderboard':
      replace(app.main, leaderboardScreen(app, target));
      break;
    default:
      replace(app.main, lobbyScreen(app));
  }
  app.main.focus({ preventScroll: true });
}

const app = new App(await loadConfig(), document.getElementById('app')!);
window.addEventListener('hashchange', () => route(app));
route(app);
// For tests and the curious: the app's connection and state.
(window as unknown as { caravela: App }).caravela = app;
