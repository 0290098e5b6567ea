// The picture sizer's process (modules/images/sizer.ts): the shop server forks it to size pictures.
import { runSizer } from './modules/images/sizer';

runSizer();
