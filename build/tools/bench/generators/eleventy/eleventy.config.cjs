// The bench's Eleventy site (build/tools/bench/static-generators.ts): every answer's Markdown, no template language
// run over it, written as /answers/<slug>.json by the layout.
module.exports = (config) => {
  config.addGlobalData("layout", "answer.11ty.cjs");
  config.addGlobalData("permalink", () => (data) => `/answers/${data.slug}.json`);
  return {
    dir: { input: "site", includes: "_includes", output: process.env.ELEVENTY_OUT },
    templateFormats: ["md"],
    markdownTemplateEngine: false,
  };
};
