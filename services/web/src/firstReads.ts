// An entry of its own, first in index.html (build/early-entry.ts): the first screen's reads start as soon
// as this small script arrives, while the app's JavaScript still downloads and runs.
import { startFirstNetworkReads } from './api/firstNetworkReads';

startFirstNetworkReads();
