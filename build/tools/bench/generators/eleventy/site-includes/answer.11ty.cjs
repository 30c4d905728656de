// The bench's Eleventy layout: one JSON file per answer, its front matter and its body rendered to HTML.
module.exports = class {
  render(data) {
    return JSON.stringify({
      slug: data.slug,
      title: data.title,
      question: data.question,
      summary: data.summary,
      tags: data.tags,
      reviewed: data.reviewed,
      html: data.content,
    });
  }
};
