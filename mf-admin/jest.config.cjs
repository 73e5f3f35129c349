module.exports = require('../scripts/jest/browserProject.cjs')(__dirname, 'mf-admin');
