export { MyProfile } from './components/MyProfile';
