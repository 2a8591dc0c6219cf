import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './shell/App.vue';
import { registerGridModules } from './shared/gridSetup';
import { createDeskRouter } from './shell/router';
import './shell/styles.css';

registerGridModules();
createApp(App).use(createPinia()).use(createDeskRouter()).mount('#app');
