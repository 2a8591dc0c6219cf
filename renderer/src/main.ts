import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './shell/App.vue';
import { createDeskRouter } from './shell/router';
import './shell/styles.css';

createApp(App).use(createPinia()).use(createDeskRouter()).mount('#app');
