import { markOnce } from './shared/startup-marks';
markOnce('script');
import { mount } from 'svelte';
import './app.css';
// The dictionaries first: every module after this may translate.
import './features/shell/strings';
import App from './features/shell/App.svelte';

const app = mount(App, { target: document.getElementById('app')! });
markOnce('mounted');

export default app;
